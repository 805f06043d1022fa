import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import {
  EARLY_SUBMIT_ATTRIBUTE,
  holdEarlySubmits,
  submitAsTyped,
  takeEarlySubmit,
  useAppRunning,
} from '../../../lib/early-submit';

// A press of the prerendered button before React runs it is held, not lost (lib/early-submit.ts):
// this chunk loads (main.tsx preloads the route) before the page is hydrated.
if (typeof document !== 'undefined') holdEarlySubmits();
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

/**
 * "Getting ready…" beside a prerendered button pressed before the app runs (lib/early-submit.ts):
 * shown by CSS alone, while the button has focus (no script yet) or once main.tsx noted the press.
 */
const gettingReadyLook = {
  display: 'none',
  m: 0,
  mt: 1,
  typography: 'body2',
  color: 'text.secondary',
  textAlign: 'center',
  'button:focus + &, html[data-early-submit] &': { display: 'block' },
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
  const { t } = useTranslation('common');
  const running = useAppRunning();
  const form = useRef<HTMLFormElement>(null);
  // Pressed before the app ran: submitted now, with what was typed (lib/early-submit.ts).
  useEffect(() => {
    if (running && form.current && takeEarlySubmit(form.current)) submitAsTyped(form.current);
  }, [running]);
  return (
    <FormCard title={title}>
      <form noValidate onSubmit={onSubmit} ref={form}>
        {children}
        {/* A plain button until the app runs: a press never submits the form natively (issue 20 point 2). */}
        <Box
          component="button"
          type={running ? 'submit' : 'button'}
          {...{ [EARLY_SUBMIT_ATTRIBUTE]: '' }}
          disabled={busy}
          sx={submitLook}
        >
          {submitLabel}
        </Box>
        {running ? null : (
          <Box component="p" role="status" sx={gettingReadyLook}>
            {t('connection.gettingReady')}
          </Box>
        )}
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
