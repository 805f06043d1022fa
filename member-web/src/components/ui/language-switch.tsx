import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { currentLanguage, isLanguage, LANGUAGE_NAMES, LANGUAGES, setLanguage } from '../../lib/i18n';

/**
 * English / हिन्दी: switches every text of the app at once, remembered on this device.
 * `tone="light"` on a coloured bar (white text), `tone="dark"` on a white page.
 */
export function LanguageSwitch({ tone = 'dark' }: { tone?: 'light' | 'dark' }) {
  const { t } = useTranslation('common');
  // useTranslation re-renders on a language change, so currentLanguage() is fresh here.
  const language = currentLanguage();
  const colour = tone === 'light' ? '#ffffff' : 'text.primary';
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={language}
      aria-label={t('language.label')}
      onChange={(_event, next: unknown) => {
        if (isLanguage(next)) void setLanguage(next);
      }}
      sx={{
        '& .MuiToggleButton-root': {
          color: colour,
          borderColor: tone === 'light' ? 'rgba(255,255,255,0.7)' : undefined,
          px: 1,
          py: 0.25,
          textTransform: 'none',
          fontWeight: 600,
        },
        '& .MuiToggleButton-root.Mui-selected': {
          color: tone === 'light' ? 'primary.dark' : 'primary.contrastText',
          bgcolor: tone === 'light' ? '#ffffff' : 'primary.main',
        },
        '& .MuiToggleButton-root.Mui-selected:hover': {
          bgcolor: tone === 'light' ? '#ffffff' : 'primary.dark',
        },
      }}
    >
      {LANGUAGES.map((code) => (
        <ToggleButton key={code} value={code} lang={code}>
          {LANGUAGE_NAMES[code]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
