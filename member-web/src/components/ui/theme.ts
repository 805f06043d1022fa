import { createTheme } from '@mui/material/styles';

/**
 * The one Sahyog look, shared by member-web and admin-web (admin-web imports this file by
 * relative path, so keep the file name and the `sahyogTheme` export stable).
 * Warm saffron for action, deep teal for trust; both pass WCAG AA on white for text.
 */
export const sahyogTheme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#0b6e69', dark: '#07504c', light: '#3f9a94', contrastText: '#ffffff' },
    secondary: { main: '#c75d00', dark: '#8f4300', light: '#f08a2c', contrastText: '#ffffff' },
    success: { main: '#1b7f3a' },
    error: { main: '#c62828' },
    background: { default: '#f6f7f4', paper: '#ffffff' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", Arial, sans-serif',
    h1: { fontWeight: 800 },
    h2: { fontWeight: 700 },
    h3: { fontWeight: 700 },
    button: { fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
  },
});
