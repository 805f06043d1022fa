import { useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { hiIN } from '@mui/material/locale';
import { useTranslation } from 'react-i18next';
import { ToastContainer } from 'react-toastify';
import { sahyogTheme } from '../components/ui/theme';
import '../lib/i18n';
import { ERROR_AUTO_CLOSE_MS, TOAST_LIMIT } from '../lib/notify';

/** Theme (with MUI's texts in the chosen language), baseline styles and the one toast container (at most 20 toasts at once; react-toastify 11 injects its own CSS). */
export function AppProvider({ children }: { children: ReactNode }) {
  // MUI's own texts (pagination labels and the like) follow the chosen language too.
  const { i18n } = useTranslation();
  const hindi = i18n.language === 'hi';
  const theme = useMemo(() => (hindi ? createTheme(sahyogTheme, hiIN) : sahyogTheme), [hindi]);
  return (
    <ThemeProvider theme={theme}>
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
