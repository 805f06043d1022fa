import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router-dom';
import { buttonLook } from '../../../components/ui/button-look';
import { FormCard } from '../../../components/ui/form-card';

/** MUI's large, full-width, contained primary Button, for a plain `<button>` (decision 0030). */
const submitLook = {
  ...buttonLook,
  width: '100%',
  mt: 2,
  px: 2.75,
  py: 1,
  fontSize: '0.9375rem',
  bgcolor: 'primary.main',
  color: 'primary.contrastText',
  '&:hover': { bgcolor: 'primary.dark' },
  '&:disabled': { bgcolor: 'action.disabledBackground', color: 'action.disabled', cursor: 'default' },
} as const;

/** MUI's Link look (primary, underlined) for the router's `<a>`. */
const linkLook = {
  color: 'primary.main',
  typography: 'body1',
  textDecoration: 'underline',
  textDecorationColor: 'rgba(11, 110, 105, 0.4)',
  '&:hover': { textDecorationColor: 'inherit' },
} as const;

/**
 * The frame of the public auth forms (login, forgot password): the card with its title, the
 * fields, one wide submit button (disabled while `busy`) and a row of links to the other pages.
 * Plain elements with MUI's Button and Link look: /login is in a visitor's first load (decision 0030).
 */
export function AuthForm({
  title,
  onSubmit,
  busy,
  submitLabel,
  links,
  children,
}: {
  title: string;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  submitLabel: string;
  links: Array<{ to: string; label: string }>;
  children: ReactNode;
}) {
  return (
    <FormCard title={title}>
      <form noValidate onSubmit={onSubmit}>
        {children}
        <Box component="button" type="submit" disabled={busy} sx={submitLook}>
          {submitLabel}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', mt: 2, gap: 1 }}>
          {links.map((link) => (
            <Box key={link.to} component={RouterLink} to={link.to} sx={linkLook}>
              {link.label}
            </Box>
          ))}
        </Box>
      </form>
    </FormCard>
  );
}
