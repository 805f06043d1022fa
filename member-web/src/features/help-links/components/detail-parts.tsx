import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { PageShell } from '../../../components/ui/page-shell';
import { formatAmount } from '../../../lib/money';
import { statusColor, type HelpLink } from '../api/types';
import type { DetailLoad } from './use-link-detail';
import { StatusText } from '../../../components/ui/status-text';

export interface DetailItem {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** The label/value list of a link detail: one row per field, wrapping on a phone. */
export function DetailList({ items }: { items: DetailItem[] }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, columnGap: 2 }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ pt: 1 }}>
            {item.label}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, pb: 1, overflowWrap: 'anywhere', borderBottom: { xs: 1, sm: 0 }, borderColor: 'divider' }}
            data-testid={item.testId}
          >
            {item.value === '' ? '—' : item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Loading, not found and failed states of a detail screen; the children once the link is in. */
export function DetailStates({
  load,
  reload,
  children,
}: {
  load: DetailLoad;
  reload: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('help-links');
  if (load.state === 'loading') return <LoadingBlock label={t('loading')} />;
  if (load.state === 'missing') return <Alert severity="warning">{t('notFound')}</Alert>;
  if (load.state === 'failed') return <LoadFailed message={t('loadFailed')} retry={t('retry')} onRetry={reload} />;
  return <>{children}</>;
}

/** The link's status, in its colour. */
export const linkStatusItem = (label: string, status: string): DetailItem => ({
  label,
  value: <StatusText status={status} color={statusColor(status)} />,
  testId: 'link-status',
});

/**
 * A PH or GH link's screen: the load states, then one card with the order id and amount, the
 * side's own `items` and its decisions (`children`).
 */
export function LinkDetailScreen({
  title,
  load,
  reload,
  items,
  children,
}: {
  title: string;
  load: DetailLoad;
  reload: () => void;
  items: (link: HelpLink) => DetailItem[];
  children: (link: HelpLink) => ReactNode;
}) {
  const { t } = useTranslation('help-links');
  return (
    <PageShell title={title} maxWidth="md">
      <DetailStates load={load} reload={reload}>
        {load.state === 'ready' ? (
          <Paper sx={{ p: { xs: 2, sm: 3 } }}>
            <DetailList
              items={[
                { label: t('orderId'), value: load.link.id, testId: 'order-id' },
                { label: t('amount'), value: formatAmount(load.link.amount, 'INR'), testId: 'amount' },
                ...items(load.link),
              ]}
            />
            {children(load.link)}
          </Paper>
        ) : null}
      </DetailStates>
    </PageShell>
  );
}
