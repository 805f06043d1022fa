import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

/** Any route not built (yet): a plain page with a way home, never a fake screen. */
export function NotFound() {
  return (
    <Box component="main" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', p: 4, textAlign: 'center' }}>
      <Box>
        <Typography variant="h3" component="h1" gutterBottom>
          Page Not Found
        </Typography>
        <Typography color="text.secondary" paragraph>
          The page you asked for does not exist.
        </Typography>
        <Button variant="contained" component={RouterLink} to="/">
          Go Home
        </Button>
      </Box>
    </Box>
  );
}
