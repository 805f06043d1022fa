import { useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import Facebook from '@mui/icons-material/Facebook';
import Instagram from '@mui/icons-material/Instagram';
import X from '@mui/icons-material/X';
import YouTube from '@mui/icons-material/YouTube';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LanguageSwitch } from '../../../components/ui/language-switch';
import { ABOUT_BLOCKS, ECOSYSTEM_CARDS, PLATFORM_TABS } from './landing-content';
import { useScrolledPast } from './use-scrolled';

function Header() {
  const { t } = useTranslation('landing');
  const scrolled = useScrolledPast();
  return (
    <AppBar
      position="fixed"
      elevation={scrolled ? 4 : 0}
      data-scrolled={scrolled ? 'true' : 'false'}
      sx={{
        // Unscrolled: the hero's darkest teal, not transparent, so the white links keep their
        // contrast whatever lies beneath (axe measures a transparent bar against the page, 1.07:1).
        bgcolor: scrolled ? 'background.paper' : '#07504c',
        color: scrolled ? 'text.primary' : 'common.white',
        transition: 'background-color 200ms, color 200ms',
      }}
    >
      <Toolbar
        component="nav"
        aria-label={t('nav.label')}
        sx={{
          gap: { xs: 0.25, sm: 1 },
          // On a phone the language switch wraps to a line of its own rather than push the page sideways.
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
          py: { xs: 0.5, sm: 0 },
          '& .MuiButton-root': { minWidth: 0, px: { xs: 0.75, sm: 1.5 }, fontSize: { xs: 12, sm: 14 } },
        }}
      >
        {/* On phones the brand gives way so the four navigation targets fit on one line. */}
        <Typography variant="h6" component="span" sx={{ fontWeight: 800, display: { xs: 'none', sm: 'block' } }}>
          {t('brand')}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button color="inherit" href="#home">
          {t('nav.home')}
        </Button>
        <Button color="inherit" href="#about">
          {t('nav.about')}
        </Button>
        <Button color="inherit" href="#platform">
          {t('nav.platform')}
        </Button>
        <Button variant="contained" color="secondary" component={RouterLink} to="/login" sx={{ whiteSpace: 'nowrap' }}>
          {t('nav.loginRegister')}
        </Button>
        <LanguageSwitch tone={scrolled ? 'dark' : 'light'} />
      </Toolbar>
    </AppBar>
  );
}

function Hero() {
  const { t } = useTranslation('landing');
  return (
    <Box
      id="home"
      component="section"
      sx={{
        minHeight: '88vh',
        display: 'flex',
        alignItems: 'center',
        color: 'common.white',
        background: 'linear-gradient(135deg, #07504c 0%, #0b6e69 50%, #c75d00 100%)',
        pt: 10,
      }}
    >
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '2.2rem', md: '3.6rem' }, mb: 2 }}>
          {t('hero.headline')}
        </Typography>
        <Typography variant="h6" component="p" sx={{ opacity: 0.92, mb: 4 }}>
          {t('hero.lead')}
        </Typography>
        <Stack direction="row" spacing={2} justifyContent="center">
          <Button variant="contained" color="secondary" size="large" component={RouterLink} to="/signup">
            {t('hero.join')}
          </Button>
          <Button variant="outlined" color="inherit" size="large" href="#about">
            {t('hero.learnMore')}
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}

function About() {
  const { t } = useTranslation('landing');
  return (
    <Box id="about" component="section" aria-labelledby="about-heading" sx={{ py: 10 }}>
      <Container maxWidth="lg">
        <Typography id="about-heading" variant="h3" component="h2" align="center" gutterBottom>
          {t('about.heading')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mt: 4 }}>
          {ABOUT_BLOCKS.map((block) => (
            <Box key={block} component="article">
              <Typography variant="h5" component="h3" color="primary" gutterBottom>
                {t(`${block}.title`)}
              </Typography>
              <Typography color="text.secondary">{t(`${block}.text`)}</Typography>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}

function Ecosystems() {
  const { t } = useTranslation('landing');
  return (
    <Box id="ecosystems" component="section" aria-labelledby="ecosystems-heading" sx={{ py: 10, bgcolor: '#eef4f3' }}>
      <Container maxWidth="lg">
        <Typography id="ecosystems-heading" variant="h3" component="h2" align="center" gutterBottom>
          {t('ecosystems.heading')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
            mt: 4,
          }}
        >
          {ECOSYSTEM_CARDS.map((card) => (
            <Card key={card} component="article" sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h3" gutterBottom>
                  {t(`${card}.title`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`${card}.text`)}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>
    </Box>
  );
}

function Platform() {
  const { t } = useTranslation('landing');
  const [tab, setTab] = useState(0);
  const current = PLATFORM_TABS[tab] ?? PLATFORM_TABS[0];
  return (
    <Box id="platform" component="section" aria-labelledby="platform-heading" sx={{ py: 10 }}>
      <Container maxWidth="md">
        <Typography id="platform-heading" variant="h3" component="h2" align="center" gutterBottom>
          {t('platform.heading')}
        </Typography>
        <Tabs
          value={tab}
          onChange={(_event, next: number) => setTab(next)}
          centered
          aria-label={t('platform.tabsLabel')}
        >
          {PLATFORM_TABS.map((audience, index) => (
            <Tab
              key={audience.key}
              label={t(`${audience.key}.label`)}
              id={`platform-tab-${index}`}
              aria-controls={`platform-panel-${index}`}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`platform-panel-${tab}`} aria-labelledby={`platform-tab-${tab}`} sx={{ pt: 3 }}>
          <List>
            {current.points.map((point) => (
              <ListItem key={point}>
                <ListItemText primary={t(`${current.key}.${point}`)} />
              </ListItem>
            ))}
          </List>
        </Box>
      </Container>
    </Box>
  );
}

const SOCIAL_LINKS = [
  { label: 'Facebook', icon: <Facebook /> },
  { label: 'Instagram', icon: <Instagram /> },
  { label: 'X', icon: <X /> },
  { label: 'YouTube', icon: <YouTube /> },
] as const;

function Footer() {
  const { t } = useTranslation('landing');
  return (
    <Box component="footer" sx={{ py: 5, bgcolor: '#07302e', color: 'grey.300' }}>
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} justifyContent="space-between" alignItems="center">
          <Stack direction="row" spacing={1} aria-label={t('footer.social')}>
            {SOCIAL_LINKS.map((social) => (
              <IconButton key={social.label} href="#" aria-label={social.label} sx={{ color: 'inherit' }}>
                {social.icon}
              </IconButton>
            ))}
          </Stack>
          <Stack direction="row" spacing={3}>
            {/* Placeholders until those pages exist. */}
            <Link href="#" color="inherit">
              {t('footer.support')}
            </Link>
            <Link href="#" color="inherit">
              {t('footer.privacy')}
            </Link>
            <Link href="#" color="inherit">
              {t('footer.terms')}
            </Link>
          </Stack>
        </Stack>
        <Typography variant="body2" align="center" sx={{ mt: 3 }}>
          {t('footer.copyright')}
        </Typography>
      </Container>
    </Box>
  );
}

/** The public landing page (/). */
export function LandingPage() {
  return (
    <>
      <Header />
      <main>
        <Hero />
        <About />
        <Ecosystems />
        <Platform />
      </main>
      <Footer />
    </>
  );
}
