import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { ToastContainer } from 'react-toastify';
import { sahyogTheme } from '../components/ui/theme';
import { ERROR_AUTO_CLOSE_MS, TOAST_LIMIT } from '../lib/notify';

/** Theme, baseline styles and the one toast container (at most 20 toasts at once; react-toastify 11 injects its own CSS). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={sahyogTheme}>
      <CssBaseline />
      {children}
      {/* Below the 64 px top bar, so a toast never covers Home or REGISTER. */}
      <ToastContainer
        position="top-right"
        autoClose={ERROR_AUTO_CLOSE_MS}
        limit={TOAST_LIMIT}
        newestOnTop
        style={{ top: 72 }}
      />
    </ThemeProvider>
  );
}
