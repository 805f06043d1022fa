import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Outlet } from 'react-router-dom';

/** Every member screen has a top bar with Home (/dashboard) and REGISTER (/signup) (spec §2). */
export function MemberLayout() {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" color="primary">
        <Toolbar component="nav" aria-label="Member navigation" sx={{ gap: 1 }}>
          <Typography variant="h6" component="span" sx={{ flexGrow: 1, fontWeight: 800 }}>
            Sahyog
          </Typography>
          <Button color="inherit" component={RouterLink} to="/dashboard">
            Home
          </Button>
          <Button color="inherit" variant="outlined" component={RouterLink} to="/signup">
            REGISTER
          </Button>
        </Toolbar>
      </AppBar>
      <Outlet />
    </Box>
  );
}
