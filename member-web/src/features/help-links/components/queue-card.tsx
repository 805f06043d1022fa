import { startTransition, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ForcedLogoutError } from '../../../lib/api-client';
import { formatGroupedAmount } from '../../../lib/money';
import { fetchNetworkHealth, type NetworkHealth } from '../api/network-health';

export interface QueuePositions {
  /** The member's place in the PH / GH queue ('' when they are not in it or the server does not say). */
  ph: string;
  gh: string;
  /** What of the member's waits in that queue (rupees; '' or zero hides it). */
  phRupees?: string;
  ghRupees?: string;
}

function place(position: string, rupees: string | undefined): string {
  const waiting = rupees && Number(rupees) > 0 ? ` · ${formatGroupedAmount(rupees, 'INR')}` : '';
  return `#${position}${waiting}`;
}

/**
 * Queue transparency (issue 11): the PH and GH queue totals and the 7-day matching rate from the
 * public /api/network-health, and the member's own place in a queue when the dashboard answer
 * carries it. Nothing is shown until the totals are in; a failure hides the card (logged).
 */
export function QueueCard({ positions }: { positions: QueuePositions }) {
  const { t } = useTranslation('help-links');
  const [health, setHealth] = useState<NetworkHealth | null>(null);
  useEffect(() => {
    let active = true;
    fetchNetworkHealth()
      .then((answer) => {
        if (active) startTransition(() => setHealth(answer));
      })
      .catch((error: unknown) => {
        if (!(error instanceof ForcedLogoutError)) console.error('network health failed', error);
      });
    return () => {
      active = false;
    };
  }, []);
  if (!health) return null;
  const rows: Array<{ label: string; value: string; testId: string }> = [
    {
      label: t('phQueue'),
      value: `${formatGroupedAmount(health.ph.amountRupees, 'INR')} · ${t('queueEntries', { count: health.ph.count })}`,
      testId: 'queue-ph',
    },
    {
      label: t('ghQueue'),
      value: `${formatGroupedAmount(health.gh.amountRupees, 'INR')} · ${t('queueEntries', { count: health.gh.count })}`,
      testId: 'queue-gh',
    },
  ];
  if (health.matchingRate7d !== null)
    rows.push({
      label: t('matchingRate'),
      value: `${Math.round(health.matchingRate7d * 1000) / 10}%`,
      testId: 'queue-rate',
    });
  if (positions.ph !== '')
    rows.push({
      label: t('yourPhPosition'),
      value: place(positions.ph, positions.phRupees),
      testId: 'queue-ph-position',
    });
  if (positions.gh !== '')
    rows.push({
      label: t('yourGhPosition'),
      value: place(positions.gh, positions.ghRupees),
      testId: 'queue-gh-position',
    });
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }} component="section" aria-labelledby="queue-card-title">
      <Typography variant="h6" component="h2" id="queue-card-title" gutterBottom>
        {t('queueTitle')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {rows.map((row) => (
          <Box key={row.testId}>
            <Typography variant="body2" color="text.secondary">
              {row.label}
            </Typography>
            <Typography sx={{ fontWeight: 700 }} data-testid={row.testId}>
              {row.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
