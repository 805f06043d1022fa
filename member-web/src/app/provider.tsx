import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { sahyogTheme } from '../components/ui/theme';
import { Toasts } from './toasts';

/** Theme, baseline styles and the one toast container. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={sahyogTheme}>
      <CssBaseline />
      {children}
      <Toasts />
    </ThemeProvider>
  );
}
