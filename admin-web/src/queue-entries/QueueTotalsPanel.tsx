import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { SahyogDataProvider } from '../dataProvider';
import { formatRupees } from '../money';

const SIDES = ['PH', 'GH'] as const;

/**
 * The totals per side from GET /admin-api/queue-totals, above the queue list. A react-query query
 * (as react-admin's own reads are), so the page's refresh after a matching run reads it again.
 */
export const QueueTotalsPanel = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const { data: totals, error } = useQuery({ queryKey: ['queue-totals'], queryFn: () => dataProvider.queueTotals() });

  if (error)
    return (
      <Alert severity="error">{translate('resources.queue-entries.totals.error', { message: error.message })}</Alert>
    );
  return (
    <Box
      data-testid="queue-totals"
      aria-busy={!totals}
      sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, my: 1 }}
    >
      {SIDES.map((side) => {
        // An answer without this side (an older API, a proxy's error page) reads as a dash, never a crash.
        const total = totals && typeof totals === 'object' ? totals[side] : undefined;
        return (
          <Card key={side} variant="outlined">
            <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
              <Typography variant="overline" component="h2">
                {translate(`resources.queue-entries.totals.${side}`)}
              </Typography>
              <Typography variant="h6" component="p" data-testid={`queue-total-${side}`}>
                {!totals ? '…' : total ? formatRupees(total.amountRupees) : '—'}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {total ? translate('resources.queue-entries.totals.entries', { smart_count: total.count }) : ''}
              </Typography>
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
};
