import { useState } from 'react';
import LinkIcon from '@mui/icons-material/Link';
import { Typography } from '@mui/material';
import { Button, useDataProvider, usePermissions, useTranslate } from 'react-admin';
import type { MatchingRunResult, SahyogDataProvider } from '../dataProvider';
import { formatRupees } from '../money';
import { canAct } from '../resources';
import { useAdminAction } from '../useAdminAction';

/**
 * "Run matching now" → POST /admin-api/matching/run; says what the run linked (links and amount),
 * or that another run held the lock, and refreshes the page. Approver and superadmin only.
 */
export const RunMatchingButton = () => {
  const { permissions } = usePermissions();
  const translate = useTranslate();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const { busy, run, notify } = useAdminAction();
  const [last, setLast] = useState<MatchingRunResult | null>(null);
  if (!canAct(permissions, 'queue-entries')) return null;

  const summary = (result: MatchingRunResult) =>
    result.busy
      ? translate('sahyog.matching.busy')
      : translate('sahyog.matching.done', {
          smart_count: result.links,
          amount: formatRupees(result.amountRupees),
        });

  const start = () =>
    run(async () => {
      const result = await dataProvider.runMatching();
      setLast(result);
      notify(summary(result), { type: result.busy ? 'warning' : 'success' });
    });

  return (
    <>
      <Button label="sahyog.matching.run" onClick={() => void start()} disabled={busy} variant="contained">
        <LinkIcon />
      </Button>
      {last ? (
        <Typography component="span" variant="body2" data-testid="matching-result" sx={{ ml: 1 }}>
          {summary(last)}
        </Typography>
      ) : null}
    </>
  );
};
