import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { buttonLook } from '../ui/button-look';
import { LanguageSwitch } from '../ui/language-switch';

/**
 * MUI's AppBar (sticky, primary, elevation 4) and Toolbar, and its text and outlined Buttons in the
 * bar's colour, as plain elements: every member screen draws this bar in its first render, the
 * dashboard's among them (decision 0030).
 */
const barLook = {
  position: 'sticky',
  top: 0,
  zIndex: 'appBar',
  bgcolor: 'primary.main',
  color: 'primary.contrastText',
  boxShadow: 4,
  '& > nav': {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: 1,
    minHeight: { xs: 56, sm: 64 },
    boxSizing: 'border-box',
    px: { xs: 2, sm: 3 },
    py: { xs: 0.5, sm: 0 },
    '@media (min-width:0px) and (orientation: landscape)': { minHeight: 48 },
  },
  '& .member-brand': { flexGrow: 1, m: 0, typography: 'h6', fontWeight: 800 },
  '& .member-bar-link': { ...buttonLook, '&:hover': { bgcolor: 'rgba(0, 0, 0, 0.04)' } },
  '& .member-bar-link[data-outlined]': { px: '15px', py: '5px', border: '1px solid currentColor' },
} as const;

/** Every member screen has a top bar with Home (/dashboard) and REGISTER (/signup) (spec §2), and the language switch. */
export function MemberLayout() {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="header" sx={barLook}>
        <nav aria-label={t('nav.label')}>
          <span className="member-brand">{t('brand')}</span>
          <RouterLink className="member-bar-link" to="/dashboard">
            {t('nav.home')}
          </RouterLink>
          <RouterLink className="member-bar-link" data-outlined="" to="/signup">
            {t('nav.register')}
          </RouterLink>
          <LanguageSwitch tone="light" />
        </nav>
      </Box>
      <Outlet />
    </Box>
  );
}
