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
import { Link as RouterLink } from 'react-router-dom';
import { ABOUT_BLOCKS, ECOSYSTEM_CARDS, PLATFORM_TABS } from './landing-content';
import { useScrolledPast } from './use-scrolled';

function Header() {
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
        aria-label="Main navigation"
        sx={{
          gap: { xs: 0.25, sm: 1 },
          '& .MuiButton-root': { minWidth: 0, px: { xs: 0.75, sm: 1.5 }, fontSize: { xs: 12, sm: 14 } },
        }}
      >
        {/* On phones the brand gives way so the four navigation targets fit on one line. */}
        <Typography variant="h6" component="span" sx={{ fontWeight: 800, display: { xs: 'none', sm: 'block' } }}>
          Sahyog
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button color="inherit" href="#home">
          Home
        </Button>
        <Button color="inherit" href="#about">
          About
        </Button>
        <Button color="inherit" href="#platform">
          Platform
        </Button>
        <Button variant="contained" color="secondary" component={RouterLink} to="/login" sx={{ whiteSpace: 'nowrap' }}>
          Login/Register
        </Button>
      </Toolbar>
    </AppBar>
  );
}

function Hero() {
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
          HELP BEGINS WITH A SINGLE STEP
        </Typography>
        <Typography variant="h6" component="p" sx={{ opacity: 0.92, mb: 4 }}>
          A member-run community where people help people with food, education, mental health and shelter.
        </Typography>
        <Stack direction="row" spacing={2} justifyContent="center">
          <Button variant="contained" color="secondary" size="large" component={RouterLink} to="/signup">
            Join Sahyog
          </Button>
          <Button variant="outlined" color="inherit" size="large" href="#about">
            Learn more
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}

function About() {
  return (
    <Box id="about" component="section" aria-labelledby="about-heading" sx={{ py: 10 }}>
      <Container maxWidth="lg">
        <Typography id="about-heading" variant="h3" component="h2" align="center" gutterBottom>
          About Us
        </Typography>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mt: 4 }}>
          {ABOUT_BLOCKS.map((block) => (
            <Box key={block.title} component="article">
              <Typography variant="h5" component="h3" color="primary" gutterBottom>
                {block.title}
              </Typography>
              <Typography color="text.secondary">{block.text}</Typography>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}

function Ecosystems() {
  return (
    <Box id="ecosystems" component="section" aria-labelledby="ecosystems-heading" sx={{ py: 10, bgcolor: '#eef4f3' }}>
      <Container maxWidth="lg">
        <Typography id="ecosystems-heading" variant="h3" component="h2" align="center" gutterBottom>
          Ecosystems
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
            <Card key={card.title} component="article" sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h3" gutterBottom>
                  {card.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {card.text}
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
  const [tab, setTab] = useState(0);
  const current = PLATFORM_TABS[tab] ?? PLATFORM_TABS[0];
  return (
    <Box id="platform" component="section" aria-labelledby="platform-heading" sx={{ py: 10 }}>
      <Container maxWidth="md">
        <Typography id="platform-heading" variant="h3" component="h2" align="center" gutterBottom>
          Platform
        </Typography>
        <Tabs value={tab} onChange={(_event, next: number) => setTab(next)} centered aria-label="Platform audiences">
          {PLATFORM_TABS.map((t, index) => (
            <Tab key={t.label} label={t.label} id={`platform-tab-${index}`} aria-controls={`platform-panel-${index}`} />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`platform-panel-${tab}`} aria-labelledby={`platform-tab-${tab}`} sx={{ pt: 3 }}>
          <List>
            {current.points.map((point) => (
              <ListItem key={point}>
                <ListItemText primary={point} />
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
  return (
    <Box component="footer" sx={{ py: 5, bgcolor: '#07302e', color: 'grey.300' }}>
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} justifyContent="space-between" alignItems="center">
          <Stack direction="row" spacing={1} aria-label="Social links">
            {SOCIAL_LINKS.map((social) => (
              <IconButton key={social.label} href="#" aria-label={social.label} sx={{ color: 'inherit' }}>
                {social.icon}
              </IconButton>
            ))}
          </Stack>
          <Stack direction="row" spacing={3}>
            {/* Placeholders until those pages exist. */}
            <Link href="#" color="inherit">
              Support
            </Link>
            <Link href="#" color="inherit">
              Privacy Policy
            </Link>
            <Link href="#" color="inherit">
              Terms of sales
            </Link>
          </Stack>
        </Stack>
        <Typography variant="body2" align="center" sx={{ mt: 3 }}>
          © 2025 Sahyog. All rights reserved.
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
