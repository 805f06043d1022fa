import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';
import { FormCard } from '../../../components/ui/form-card';

/**
 * The frame of the public auth forms (login, forgot password): the card with its title, the
 * fields, one wide submit button (disabled while `busy`) and a row of links to the other pages.
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
      <Box component="form" noValidate onSubmit={onSubmit}>
        {children}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
          {submitLabel}
        </Button>
        <Stack direction="row" justifyContent="space-between" flexWrap="wrap" sx={{ mt: 2, gap: 1 }}>
          {links.map((link) => (
            <Link key={link.to} component={RouterLink} to={link.to}>
              {link.label}
            </Link>
          ))}
        </Stack>
      </Box>
    </FormCard>
  );
}
