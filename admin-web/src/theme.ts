import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { sahyogTheme } from '../../member-web/src/components/ui/theme';

/**
 * One look for both apps: member-web's palette, shape and font on top of react-admin's default
 * theme. The react-admin defaults (dense filled inputs, sidebar widths) are kept because the
 * back-office layout depends on them; member-web's component defaults are meant for its forms.
 */
export const adminTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    mode: 'light',
    primary: sahyogTheme.palette.primary,
    secondary: sahyogTheme.palette.secondary,
    success: sahyogTheme.palette.success,
    error: sahyogTheme.palette.error,
    background: sahyogTheme.palette.background,
  },
  shape: sahyogTheme.shape,
  typography: {
    ...defaultTheme.typography,
    fontFamily: sahyogTheme.typography.fontFamily,
  },
  components: {
    ...defaultTheme.components,
    // Every list fits a 1,280 px screen without sideways scrolling (issue 20 §10): tighter cells, and
    // long values (e-pin numbers, ids, addresses, UTRs) wrap inside their cell instead of widening the table.
    RaDatagrid: {
      styleOverrides: {
        root: {
          '& .RaDatagrid-headerCell, & .RaDatagrid-rowCell': {
            padding: '6px 8px',
            overflowWrap: 'anywhere',
          },
        },
      },
    },
  },
};
