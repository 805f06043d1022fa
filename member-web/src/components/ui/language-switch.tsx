import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { buttonLook } from './button-look';
import { currentLanguage, LANGUAGE_NAMES, LANGUAGES, setLanguage } from '../../lib/i18n';

/**
 * English / हिन्दी: switches every text of the app at once, remembered on this device.
 * `tone="light"` on a coloured bar (white text), `tone="dark"` on a white page.
 * Two toggle buttons (`aria-pressed`) in a labelled group.
 */
export function LanguageSwitch({ tone = 'dark' }: { tone?: 'light' | 'dark' }) {
  const { t } = useTranslation('common');
  // useTranslation re-renders on a language change, so currentLanguage() is fresh here.
  const language = currentLanguage();
  const light = tone === 'light';
  const border = light ? 'rgba(255,255,255,0.7)' : 'rgba(0, 0, 0, 0.12)';
  return (
    <Box role="group" aria-label={t('language.label')} sx={{ display: 'inline-flex' }}>
      {LANGUAGES.map((code, index) => {
        const selected = code === language;
        return (
          <Box
            component="button"
            type="button"
            key={code}
            lang={code}
            aria-pressed={selected}
            onClick={() => {
              if (!selected) void setLanguage(code);
            }}
            sx={{
              ...buttonLook,
              minWidth: 0,
              px: 1,
              py: 0.25,
              textTransform: 'none',
              fontWeight: 600,
              fontSize: 13,
              lineHeight: 1.75,
              border: `1px solid ${border}`,
              borderRadius: index === 0 ? '10px 0 0 10px' : '0 10px 10px 0',
              ml: index === 0 ? 0 : '-1px',
              color: selected ? (light ? 'primary.dark' : 'primary.contrastText') : light ? '#ffffff' : 'text.primary',
              bgcolor: selected ? (light ? '#ffffff' : 'primary.main') : 'transparent',
              '&:hover': { bgcolor: selected ? (light ? '#ffffff' : 'primary.dark') : 'action.hover' },
            }}
          >
            {LANGUAGE_NAMES[code]}
          </Box>
        );
      })}
    </Box>
  );
}
