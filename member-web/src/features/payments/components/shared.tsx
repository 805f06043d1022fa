import { Fragment, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ForcedLogoutError } from '../../../lib/api-client';
import type { EpinType } from '../../../lib/epin-type';
import { fetchQuote, type Quote } from '../api/quote';

/**
 * The spec's "reload the page" after a request or a closed payment popup: the screen is mounted
 * afresh (every field and list back to its first state) without a full browser reload.
 */
export function Reloadable({ render }: { render: (reload: () => void) => ReactNode }) {
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return <Fragment key={generation}>{render(reload)}</Fragment>;
}

/** A timer that is cleared when the screen goes away. */
export function useLaterTimer() {
  const timers = useRef<number[]>([]);
  useEffect(
    () => () => {
      for (const t of timers.current) window.clearTimeout(t);
    },
    [],
  );
  return useCallback((fn: () => void, ms: number) => {
    timers.current.push(window.setTimeout(fn, ms));
  }, []);
}

export type QuoteState =
  { state: 'idle' } | { state: 'loading' } | { state: 'ready'; quote: Quote } | { state: 'failed'; message: string };

/** The server's quote for qty × epin type; the newest answer wins. */
export function useQuote(qty: string, epintype: EpinType | ''): QuoteState {
  const [state, setState] = useState<QuoteState>({ state: 'idle' });
  useEffect(() => {
    if (qty === '' || Number(qty) < 1 || epintype === '') {
      setState({ state: 'idle' });
      return undefined;
    }
    let active = true;
    setState({ state: 'loading' });
    fetchQuote(qty, epintype)
      .then((answer) => {
        if (!active) return;
        setState(answer.ok ? { state: 'ready', quote: answer.quote } : { state: 'failed', message: answer.message });
      })
      .catch((error: unknown) => {
        if (!(error instanceof ForcedLogoutError)) console.error('quote failed', error);
        if (active) setState({ state: 'failed', message: '' });
      });
    return () => {
      active = false;
    };
  }, [qty, epintype]);
  return state;
}

export function quoteOf(state: QuoteState): Quote | null {
  return state.state === 'ready' ? state.quote : null;
}

/** A read-only amount field (max 10 characters, spec §5). */
export function ReadOnlyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <TextField
      label={label}
      value={value}
      slotProps={{
        htmlInput: { readOnly: true, maxLength: 10, ...(testId ? { 'data-testid': testId } : {}) },
        inputLabel: { shrink: true },
      }}
    />
  );
}

/** Digits only, at most 5 (spec §5 quantity). */
export const digits5 = (value: string) => value.replace(/\D/g, '').slice(0, 5);

/** The way from a request screen to its history. */
export function HistoryLink({ to, label }: { to: string; label: string }) {
  return (
    <Typography variant="body2" sx={{ mt: 2 }}>
      <Link component={RouterLink} to={to}>
        {label}
      </Link>
    </Typography>
  );
}

/** A countdown as mm:ss (the payment windows of the USDT popup and the QR page). */
export function mmss(seconds: number): string {
  const s = Math.max(0, seconds);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
