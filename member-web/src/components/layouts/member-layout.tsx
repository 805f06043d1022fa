import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { LanguageSwitch } from '../ui/language-switch';

/** Every member screen has a top bar with Home (/dashboard) and REGISTER (/signup) (spec §2), and the language switch. */
export function MemberLayout() {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" color="primary">
        <Toolbar component="nav" aria-label={t('nav.label')} sx={{ gap: 1, flexWrap: 'wrap', py: { xs: 0.5, sm: 0 } }}>
          <Typography variant="h6" component="span" sx={{ flexGrow: 1, fontWeight: 800 }}>
            {t('brand')}
          </Typography>
          <Button color="inherit" component={RouterLink} to="/dashboard">
            {t('nav.home')}
          </Button>
          <Button color="inherit" variant="outlined" component={RouterLink} to="/signup">
            {t('nav.register')}
          </Button>
          <LanguageSwitch tone="light" />
        </Toolbar>
      </AppBar>
      <Outlet />
    </Box>
  );
}
