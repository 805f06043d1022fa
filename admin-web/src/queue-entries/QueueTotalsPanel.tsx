import { useEffect, useState } from 'react';
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { QueueTotals, SahyogDataProvider } from '../dataProvider';
import { formatRupees } from '../money';

const SIDES = ['PH', 'GH'] as const;

/**
 * The totals per side from GET /admin-api/queue-totals, above the queue list; read again whenever the
 * list is (after a refresh, a filter change or a matching run).
 */
export const QueueTotalsPanel = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const { data } = useListContext();
  const [totals, setTotals] = useState<QueueTotals | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    dataProvider.queueTotals().then(
      (answer) => {
        if (!current) return;
        setTotals(answer);
        setError(null);
      },
      (reason: unknown) => {
        if (current) setError(reason instanceof Error ? reason.message : String(reason));
      },
    );
    return () => {
      current = false;
    };
  }, [dataProvider, data]);

  if (error)
    return <Alert severity="error">{translate('resources.queue-entries.totals.error', { message: error })}</Alert>;
  return (
    <Box
      data-testid="queue-totals"
      aria-busy={totals === null}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr' }, gap: 1, my: 1 }}
    >
      {SIDES.map((side) => (
        <Card key={side} variant="outlined">
          <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
            <Typography variant="overline" component="h2">
              {translate(`resources.queue-entries.totals.${side}`)}
            </Typography>
            <Typography variant="h6" component="p" data-testid={`queue-total-${side}`}>
              {totals ? formatRupees(totals[side].amountRupees) : '…'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {totals ? translate('resources.queue-entries.totals.entries', { smart_count: totals[side].count }) : ''}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
};
