import { useRef, useState, type ElementType, type KeyboardEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { buttonLook } from '../../../components/ui/button-look';
import { LanguageSwitch } from '../../../components/ui/language-switch';
import { ABOUT_BLOCKS, ECOSYSTEM_CARDS, PLATFORM_TABS } from './landing-content';
import { useScrolledPast } from './use-scrolled';

// Decision 0021: the landing page is the first load of most visitors, so it is drawn with Box,
// Typography's look on a Box (Text below) and plain elements (links and buttons styled like MUI's) instead of MUI's AppBar,
// Toolbar, Button, Tabs, List, Card, Container, Link, IconButton and icons (≈ 25 KiB gzip of their
// own in its first load).

interface TextProps {
  variant?: 'h2' | 'h3' | 'h5' | 'h6' | 'body1' | 'body2';
  component?: ElementType;
  gutterBottom?: boolean;
  align?: 'center';
  color?: 'primary.main' | 'text.secondary';
  id?: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/**
 * MUI Typography's look — the theme's variant, no margin, `gutterBottom`'s 0.35em, the alignment and
 * colour — on a Box, which the app's entry already holds: Typography would be a chunk of its own in
 * the landing page's first load, against issue 10's 150 KiB budget (decision 0021).
 */
function Text({ variant = 'body1', component = 'p', gutterBottom, align, color, id, sx, children }: TextProps) {
  return (
    <Box
      id={id}
      component={component}
      sx={[
        { m: 0, typography: variant },
        gutterBottom === true && { mb: '0.35em' },
        align !== undefined && { textAlign: align },
        color !== undefined && { color },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}

/** MUI Container's widths (md 900 px, lg 1200 px) and gutters, without the component. */
const container = (maxWidth: 'md' | 'lg') => ({
  width: '100%',
  maxWidth: { md: 900, lg: 1200 }[maxWidth],
  mx: 'auto',
  px: { xs: 2, sm: 3 },
  boxSizing: 'border-box',
});

/** The header's text links (MUI's text Button, smaller on a phone). */
const navLink = { ...buttonLook, minWidth: 0, px: { xs: 0.75, sm: 1.5 }, fontSize: { xs: 12, sm: 14 } };
/** MUI's contained secondary Button. */
const contained = {
  bgcolor: 'secondary.main',
  color: 'secondary.contrastText',
  '&:hover': { bgcolor: 'secondary.dark' },
};
/** MUI's large Button. */
const large = { px: 2.75, py: 1, fontSize: '0.9375rem' };

function Header() {
  const { t } = useTranslation('landing');
  const scrolled = useScrolledPast();
  return (
    // MUI AppBar's place and look (fixed, full width, elevation 4 once scrolled), as a plain header.
    <Box
      component="header"
      data-scrolled={scrolled ? 'true' : 'false'}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: 'appBar',
        boxShadow: scrolled ? 4 : 0,
        // Unscrolled: the hero's darkest teal, not transparent, so the white links keep their
        // contrast whatever lies beneath (axe measures a transparent bar against the page, 1.07:1).
        bgcolor: scrolled ? 'background.paper' : '#07504c',
        color: scrolled ? 'text.primary' : 'common.white',
        transition: 'background-color 200ms, color 200ms',
      }}
    >
      <Box
        component="nav"
        aria-label={t('nav.label')}
        sx={{
          // MUI Toolbar's height and gutters.
          display: 'flex',
          alignItems: 'center',
          minHeight: { xs: 56, sm: 64 },
          px: { xs: 2, sm: 3 },
          gap: { xs: 0.25, sm: 1 },
          // On a phone the language switch wraps to a line of its own rather than push the page sideways.
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
          py: { xs: 0.5, sm: 0 },
        }}
      >
        {/* On phones the brand gives way so the four navigation targets fit on one line. */}
        <Text variant="h6" component="span" sx={{ fontWeight: 800, display: { xs: 'none', sm: 'block' } }}>
          {t('brand')}
        </Text>
        <Box sx={{ flexGrow: 1 }} />
        <Box component="a" href="#home" sx={navLink}>
          {t('nav.home')}
        </Box>
        <Box component="a" href="#about" sx={navLink}>
          {t('nav.about')}
        </Box>
        <Box component="a" href="#platform" sx={navLink}>
          {t('nav.platform')}
        </Box>
        <Box component={RouterLink} to="/login" sx={{ ...navLink, ...contained, whiteSpace: 'nowrap' }}>
          {t('nav.loginRegister')}
        </Box>
        <LanguageSwitch tone={scrolled ? 'dark' : 'light'} />
      </Box>
    </Box>
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
      <Box sx={{ ...container('md'), textAlign: 'center' }}>
        <Text variant="h2" component="h1" sx={{ fontSize: { xs: '2.2rem', md: '3.6rem' }, mb: 2 }}>
          {t('hero.headline')}
        </Text>
        <Text variant="h6" component="p" sx={{ opacity: 0.92, mb: 4 }}>
          {t('hero.lead')}
        </Text>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center' }}>
          <Box component={RouterLink} to="/signup" sx={{ ...buttonLook, ...large, ...contained }}>
            {t('hero.join')}
          </Box>
          <Box component="a" href="#about" sx={{ ...buttonLook, ...large, border: '1px solid currentColor' }}>
            {t('hero.learnMore')}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

function About() {
  const { t } = useTranslation('landing');
  return (
    <Box id="about" component="section" aria-labelledby="about-heading" sx={{ py: 10 }}>
      <Box sx={container('lg')}>
        <Text id="about-heading" variant="h3" component="h2" align="center" gutterBottom>
          {t('about.heading')}
        </Text>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mt: 4 }}>
          {ABOUT_BLOCKS.map((block) => (
            <Box key={block} component="article">
              <Text variant="h5" component="h3" color="primary.main" gutterBottom>
                {t(`${block}.title`)}
              </Text>
              <Text color="text.secondary">{t(`${block}.text`)}</Text>
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}

function Ecosystems() {
  const { t } = useTranslation('landing');
  return (
    <Box id="ecosystems" component="section" aria-labelledby="ecosystems-heading" sx={{ py: 10, bgcolor: '#eef4f3' }}>
      <Box sx={container('lg')}>
        <Text id="ecosystems-heading" variant="h3" component="h2" align="center" gutterBottom>
          {t('ecosystems.heading')}
        </Text>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
            mt: 4,
          }}
        >
          {ECOSYSTEM_CARDS.map((card) => (
            // MUI Card's look: paper, rounded, elevation 1.
            <Box
              key={card}
              component="article"
              sx={{ height: '100%', bgcolor: 'background.paper', borderRadius: 1, boxShadow: 1, p: 2 }}
            >
              <Text variant="h6" component="h3" gutterBottom>
                {t(`${card}.title`)}
              </Text>
              <Text variant="body2" color="text.secondary">
                {t(`${card}.text`)}
              </Text>
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}

/**
 * The two audiences as WAI-ARIA tabs (what MUI's Tabs gave): one tab in the Tab order, the arrow
 * keys, Home and End move between them, the selected one is underlined.
 */
function Platform() {
  const { t } = useTranslation('landing');
  const [tab, setTab] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = PLATFORM_TABS[tab] ?? PLATFORM_TABS[0];
  const last = PLATFORM_TABS.length - 1;
  const onKeyDown = (event: KeyboardEvent) => {
    const next = { ArrowRight: tab === last ? 0 : tab + 1, ArrowLeft: tab === 0 ? last : tab - 1, Home: 0, End: last }[
      event.key
    ];
    if (next === undefined) return;
    event.preventDefault();
    setTab(next);
    tabs.current[next]?.focus();
  };
  return (
    <Box id="platform" component="section" aria-labelledby="platform-heading" sx={{ py: 10 }}>
      <Box sx={container('md')}>
        <Text id="platform-heading" variant="h3" component="h2" align="center" gutterBottom>
          {t('platform.heading')}
        </Text>
        <Box
          role="tablist"
          aria-label={t('platform.tabsLabel')}
          onKeyDown={onKeyDown}
          sx={{ display: 'flex', justifyContent: 'center', borderBottom: 1, borderColor: 'divider' }}
        >
          {PLATFORM_TABS.map((audience, index) => (
            <Box
              component="button"
              type="button"
              key={audience.key}
              ref={(element: HTMLButtonElement | null) => {
                tabs.current[index] = element;
              }}
              role="tab"
              id={`platform-tab-${index}`}
              aria-controls={`platform-panel-${index}`}
              aria-selected={index === tab}
              tabIndex={index === tab ? 0 : -1}
              onClick={() => setTab(index)}
              sx={{
                ...buttonLook,
                borderRadius: 0,
                minHeight: 48,
                px: 2,
                bgcolor: 'transparent',
                color: index === tab ? 'primary.main' : 'text.secondary',
                borderBottom: 2,
                borderColor: index === tab ? 'primary.main' : 'transparent',
                mb: '-1px',
              }}
            >
              {t(`${audience.key}.label`)}
            </Box>
          ))}
        </Box>
        <Box role="tabpanel" id={`platform-panel-${tab}`} aria-labelledby={`platform-tab-${tab}`} sx={{ pt: 3 }}>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {current.points.map((point) => (
              <Text key={point} component="li" sx={{ px: 2, py: 1.5 }}>
                {t(`${current.key}.${point}`)}
              </Text>
            ))}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

/** Material Design's brand icons (the paths @mui/icons-material draws), as plain 24 px SVG. */
const SOCIAL_LINKS = [
  {
    label: 'Facebook',
    path: 'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2m13 2h-2.5A3.5 3.5 0 0 0 12 8.5V11h-2v3h2v7h3v-7h3v-3h-3V9a1 1 0 0 1 1-1h2V5z',
  },
  {
    label: 'Instagram',
    path: 'M7.8 2h8.4C19.4 2 22 4.6 22 7.8v8.4a5.8 5.8 0 0 1-5.8 5.8H7.8C4.6 22 2 19.4 2 16.2V7.8A5.8 5.8 0 0 1 7.8 2m-.2 2A3.6 3.6 0 0 0 4 7.6v8.8C4 18.39 5.61 20 7.6 20h8.8a3.6 3.6 0 0 0 3.6-3.6V7.6C20 5.61 18.39 4 16.4 4H7.6m9.65 1.5a1.25 1.25 0 0 1 1.25 1.25A1.25 1.25 0 0 1 17.25 8 1.25 1.25 0 0 1 16 6.75a1.25 1.25 0 0 1 1.25-1.25M12 7a5 5 0 0 1 5 5 5 5 0 0 1-5 5 5 5 0 0 1-5-5 5 5 0 0 1 5-5m0 2a3 3 0 0 0-3 3 3 3 0 0 0 3 3 3 3 0 0 0 3-3 3 3 0 0 0-3-3z',
  },
  {
    label: 'X',
    path: 'M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z',
  },
  {
    label: 'YouTube',
    path: 'M10 15l5.19-3L10 9v6m11.56-7.83c.13.47.22 1.1.28 1.9.07.8.1 1.49.1 2.09L22 12c0 2.19-.16 3.8-.44 4.83-.25.9-.83 1.48-1.73 1.73-.47.13-1.33.22-2.65.28-1.3.07-2.49.1-3.59.1L12 19c-4.19 0-6.8-.16-7.83-.44-.9-.25-1.48-.83-1.73-1.73-.13-.47-.22-1.1-.28-1.9-.07-.8-.1-1.49-.1-2.09L2 12c0-2.19.16-3.8.44-4.83.25-.9.83-1.48 1.73-1.73.47-.13 1.33-.22 2.65-.28 1.3-.07 2.49-.1 3.59-.1L12 5c4.19 0 6.8.16 7.83.44.9.25 1.48.83 1.73 1.73z',
  },
] as const;

/** A footer link: white-grey text, underlined as MUI's Link. */
const footerLink = { color: 'inherit', textUnderlineOffset: '0.2em' } as const;

function Footer() {
  const { t } = useTranslation('landing');
  return (
    <Box component="footer" sx={{ py: 5, bgcolor: '#07302e', color: 'grey.300' }}>
      <Box sx={container('lg')}>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            gap: 3,
            justifyContent: 'space-between',
            alignItems: 'center',
          }}
        >
          <Box sx={{ display: 'flex', gap: 1 }} aria-label={t('footer.social')}>
            {SOCIAL_LINKS.map((social) => (
              // MUI IconButton's size: a 40 px round target around a 24 px icon.
              <Box
                key={social.label}
                component="a"
                href="#"
                aria-label={social.label}
                sx={{ ...footerLink, display: 'inline-flex', p: 1, borderRadius: '50%' }}
              >
                <svg
                  width="24"
                  height="24"
                  viewBox="0 0 24 24"
                  fill="currentColor"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path d={social.path} />
                </svg>
              </Box>
            ))}
          </Box>
          <Box sx={{ display: 'flex', gap: 3 }}>
            {/* Placeholders until those pages exist. */}
            <Box component="a" href="#" sx={footerLink}>
              {t('footer.support')}
            </Box>
            <Box component="a" href="#" sx={footerLink}>
              {t('footer.privacy')}
            </Box>
            <Box component="a" href="#" sx={footerLink}>
              {t('footer.terms')}
            </Box>
          </Box>
        </Box>
        <Text variant="body2" align="center" sx={{ mt: 3 }}>
          {t('footer.copyright')}
        </Text>
      </Box>
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
