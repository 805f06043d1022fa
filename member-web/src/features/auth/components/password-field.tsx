import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  autoComplete?: string;
  name?: string;
  /** A failed check of this field, shown under it (MUI helperText). */
  errorText?: string;
}

/** A password input with a show/hide toggle. */
export function PasswordField({
  label,
  value,
  onChange,
  maxLength,
  autoComplete = 'current-password',
  name,
  errorText,
}: Props) {
  const { t, i18n } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const named = label.toLocaleLowerCase(i18n.language);
  return (
    <TextField
      label={label}
      name={name}
      type={visible ? 'text' : 'password'}
      value={value}
      autoComplete={autoComplete}
      error={errorText !== undefined}
      helperText={errorText}
      onChange={(e) => onChange(e.target.value.slice(0, maxLength))}
      slotProps={{
        htmlInput: { maxLength },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? t('hidePassword', { label: named }) : t('showPassword', { label: named })}
                onClick={() => setVisible((v) => !v)}
                edge="end"
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
