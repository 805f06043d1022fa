import { useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { hiIN } from '@mui/material/locale';
import { useTranslation } from 'react-i18next';
import { sahyogTheme } from '../components/ui/theme';
import '../lib/i18n';
import { Toasts } from './toasts';

/** Theme (with MUI's texts in the chosen language), baseline styles and the one toast container. */
export function AppProvider({ children }: { children: ReactNode }) {
  // MUI's own texts (pagination labels and the like) follow the chosen language too.
  const { i18n } = useTranslation();
  const hindi = i18n.language === 'hi';
  const theme = useMemo(() => (hindi ? createTheme(sahyogTheme, hiIN) : sahyogTheme), [hindi]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
      <Toasts />
    </ThemeProvider>
  );
}
