import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { sahyogTheme } from '../components/ui/theme';
import { ERROR_AUTO_CLOSE_MS, TOAST_LIMIT } from '../lib/notify';

/** Theme, baseline styles and the one toast container (at most 20 toasts at once). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={sahyogTheme}>
      <CssBaseline />
      {children}
      <ToastContainer position="top-right" autoClose={ERROR_AUTO_CLOSE_MS} limit={TOAST_LIMIT} newestOnTop />
    </ThemeProvider>
  );
}
