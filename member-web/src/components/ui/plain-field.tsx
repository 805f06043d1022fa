import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';

/**
 * MUI's outlined TextField look (fullWidth, margin normal, its label resting on the border as a filled
 * field shows it) for a plain `<input>` with a real `<label for>`: /login is prerendered and hydrated on
 * the visitor's phone at load, and TextField's stack (FormControl, InputLabel, OutlinedInput, InputBase,
 * the notched outline, FormHelperText, IconButton with ButtonBase and its ripple) was most of that page's
 * JavaScript and of the work of hydrating it (decision 0030). One emotion class for the whole field.
 */
const fieldLook = {
  mt: 2,
  mb: 1,
  '& .plain-field-box': { position: 'relative' },
  '& label': {
    position: 'absolute',
    left: 9,
    top: 0,
    transform: 'translateY(-50%)',
    px: '5px',
    maxWidth: 'calc(100% - 32px)',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    bgcolor: 'background.paper',
    typography: 'body1',
    fontSize: '0.75rem',
    lineHeight: 1.4,
    color: 'text.secondary',
    pointerEvents: 'none',
  },
  '& input, & textarea': {
    boxSizing: 'border-box',
    display: 'block',
    width: '100%',
    m: 0,
    px: '14px',
    py: '16.5px',
    font: 'inherit',
    typography: 'body1',
    lineHeight: '1.4375em',
    color: 'text.primary',
    bgcolor: 'transparent',
    border: '1px solid rgba(0, 0, 0, 0.23)',
    borderRadius: 1,
    outline: 0,
  },
  '& textarea': { resize: 'none', overflow: 'hidden', fieldSizing: 'content', wordBreak: 'break-all' },
  '& input:hover, & textarea:hover': { borderColor: 'text.primary' },
  '& input:focus, & textarea:focus': {
    borderColor: 'primary.main',
    boxShadow: (theme: Theme) => `inset 0 0 0 1px ${theme.palette.primary.main}`,
  },
  '&:focus-within label': { color: 'primary.main' },
  '&[data-error] input, &[data-error] input:hover': { borderColor: 'error.main' },
  '&[data-error] input:focus': { boxShadow: (theme: Theme) => `inset 0 0 0 1px ${theme.palette.error.main}` },
  '&[data-error] label': { color: 'error.main' },
  '& .plain-field-end': { position: 'absolute', right: 8, top: '50%', transform: 'translateY(-50%)' },
  '&[data-end] input': { pr: '48px' },
  '& .plain-field-helper': { m: '3px 14px 0', typography: 'caption', color: 'error.main' },
} as const;

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  /** A failed check of this field, shown under it and given as its accessible description. */
  error?: string | undefined;
  /** Drawn inside the field at its right end (the password toggle). */
  end?: ReactNode;
}

/** A labelled text input with MUI's outlined look and an error text under it. */
export function PlainField({ label, error, end, ...input }: Props) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <Box sx={fieldLook} data-error={error !== undefined ? '' : undefined} data-end={end ? '' : undefined}>
      <div className="plain-field-box">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          aria-invalid={error !== undefined ? true : undefined}
          aria-describedby={error !== undefined ? helperId : undefined}
          {...input}
        />
        {end ? <div className="plain-field-end">{end}</div> : null}
      </div>
      {error !== undefined ? (
        <p className="plain-field-helper" id={helperId}>
          {error}
        </p>
      ) : null}
    </Box>
  );
}

/** MUI IconButton's look (a 40 px round target around a 24 px icon) for a plain `<button>`. */
export const iconButtonLook = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxSizing: 'border-box',
  width: 40,
  height: 40,
  p: 1,
  m: 0,
  border: 0,
  borderRadius: '50%',
  color: 'action.active',
  bgcolor: 'transparent',
  cursor: 'pointer',
  '&:hover': { bgcolor: 'action.hover' },
  '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 0 },
} as const;

/**
 * A labelled read-only text of several lines (the dashboard's referral link) with the outlined
 * field's look: a `<textarea>` that grows with its text (CSS `field-sizing`), so on a phone the whole
 * value wraps into view, as MUI's multiline TextField does, without its code (decision 0030).
 */
export function PlainReadOnlyText({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    // MUI's dense margin.
    <Box sx={[fieldLook, { mt: 1, mb: 0.5 }]}>
      <div className="plain-field-box">
        <label htmlFor={id}>{label}</label>
        <textarea id={id} value={value} readOnly rows={2} />
      </div>
    </Box>
  );
}
