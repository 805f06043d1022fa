import { createTheme } from '@mui/material/styles';

/**
 * The one Sahyog look, shared by member-web and admin-web (admin-web imports this file by
 * relative path, so keep the file name and the `sahyogTheme` export stable).
 * Warm saffron for action, deep teal for trust; every button colour passes WCAG AA (4.5:1).
 */
/**
 * The text of an unselected toggle button (e.g. the dashboard's INR / USD switch). MUI draws it in
 * `action.active` (54 % black), 4.49:1 on the page background: just under AA.
 */
export const TOGGLE_TEXT = '#5f605e';

export const sahyogTheme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#0b6e69', dark: '#07504c', light: '#3f9a94', contrastText: '#ffffff' },
    // Every button colour keeps 4.5:1 (WCAG AA) with its text and as text on the page backgrounds;
    // __tests__/theme-contrast.test.ts computes it. MUI's default warning (#ed6c02, 3.1:1) and info
    // (#0288d1, 3.9:1) and the earlier saffron (#c75d00, 4.2:1) did not.
    secondary: { main: '#a84d00', dark: '#7a3800', light: '#f08a2c', contrastText: '#ffffff' },
    warning: { main: '#ad5000', dark: '#7f3b00', light: '#f08a2c', contrastText: '#ffffff' },
    info: { main: '#01579b', dark: '#013f70', light: '#4f83cc', contrastText: '#ffffff' },
    success: { main: '#1b7f3a', dark: '#125a29', contrastText: '#ffffff' },
    error: { main: '#c62828', dark: '#8e0000', contrastText: '#ffffff' },
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
    // The selected state keeps MUI's own colour (its `.Mui-selected` rule is more specific).
    MuiToggleButton: { styleOverrides: { root: { color: TOGGLE_TEXT } } },
  },
});
