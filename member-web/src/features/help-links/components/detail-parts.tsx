import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import type { DetailLoad } from './use-link-detail';

/** The label/value list of a link detail: one row per field, wrapping on a phone. */
export function DetailList({ items }: { items: Array<{ label: string; value: ReactNode; testId?: string }> }) {
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
