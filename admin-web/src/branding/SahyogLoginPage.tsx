import { Box, Typography } from '@mui/material';
import { Login, LoginForm, useTranslate } from 'react-admin';
import { SahyogLogo } from './SahyogLogo';

const Heading = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', px: 2, pt: 1 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, color: 'primary.main' }}>
        {translate('sahyog.brand.name')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('sahyog.brand.login_intro')}
      </Typography>
    </Box>
  );
};

/** react-admin's login card with Sahyog's mark, name and colours (the shared theme) instead of the lock. */
export const SahyogLoginPage = () => (
  <Login
    avatarIcon={<SahyogLogo size={40} alt="" />}
    sx={{
      backgroundImage: 'none',
      background: (theme) =>
        `linear-gradient(160deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, ${theme.palette.secondary.main} 100%)`,
      '& .RaLogin-avatar .MuiAvatar-root': { bgcolor: 'transparent', width: 48, height: 48 },
    }}
  >
    <Heading />
    <LoginForm />
  </Login>
);
