import { useEffect, useState } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { deviceDeadline, parseInstant } from '../../../lib/server-clock';

/** Spec §9: the countdown ticks every second. */
export const TICK_MS = 1000;

/** Whole seconds → days, hours, minutes, seconds. */
export function splitSeconds(total: number) {
  const s = Math.max(0, Math.floor(total));
  return {
    days: Math.floor(s / 86400),
    hours: Math.floor((s % 86400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
    seconds: s % 60,
  };
}

/** Whole seconds from the device's now to a deadline on the device's clock (0 when past or unknown). */
function secondsUntil(target: number | null): number {
  return target === null ? 0 : Math.max(0, Math.ceil((target - Date.now()) / 1000));
}

/**
 * 'Link Expire in' (spec §2): days, hours, minutes and seconds to the link's deadline, ticking every
 * second, 'Completed' at zero. The deadline is on the server's clock: the time left is measured
 * against the answer's `Date` header (`serverDate`), so a wrong device clock changes nothing.
 */
export function LinkCountdown({ deadline, serverDate }: { deadline: string; serverDate: number | null }) {
  const { t } = useTranslation('help-links');
  const [target] = useState(() => {
    const at = parseInstant(deadline);
    return at === null ? null : deviceDeadline(at, serverDate);
  });
  const [left, setLeft] = useState(() => secondsUntil(target));
  useEffect(() => {
    if (target === null || secondsUntil(target) === 0) return undefined;
    const timer = window.setInterval(() => {
      const next = secondsUntil(target);
      setLeft(next);
      if (next === 0) window.clearInterval(timer);
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [target]);

  if (target === null) return <span data-testid="link-countdown">—</span>;
  return (
    <Typography
      component="span"
      variant="body2"
      data-testid="link-countdown"
      sx={{ fontWeight: 700, color: left === 0 ? 'text.secondary' : 'error.main' }}
    >
      {left === 0 ? t('completed') : t('countdown', splitSeconds(left))}
    </Typography>
  );
}
