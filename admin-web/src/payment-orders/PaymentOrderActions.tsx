import { useState } from 'react';
import { MenuItem, TextField as MuiTextField } from '@mui/material';
import GavelIcon from '@mui/icons-material/Gavel';
import SyncIcon from '@mui/icons-material/Sync';
import { Button, useDataProvider, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import type { ResolveDecision, SahyogDataProvider } from '../dataProvider';
import { RemarkDialog } from '../RemarkDialog';
import { useAdminAction } from '../useAdminAction';
import { canDecidePayments } from '../roles';

const DECISIONS: readonly ResolveDecision[] = ['issue', 'dismiss'];

/**
 * "Re-check with gateway": the server asks the gateway about an open or expired order now and
 * records what it says (a payment after the window becomes a late payment, no e-pins) →
 * POST payment-orders/:clientid/recheck. Shown on open and expired orders to approver and superadmin.
 */
export const RecheckOrderButton = () => {
  const record = useRecordContext();
  const { permissions } = usePermissions();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const { busy, run, notify } = useAdminAction();
  if (!record || (record.status !== 'open' && record.status !== 'expired') || !canDecidePayments(permissions))
    return null;

  const recheck = () =>
    run(async () => {
      const answer = await dataProvider.recheckPaymentOrder(String(record.id));
      const changed = answer.status !== record.status;
      notify(
        changed
          ? `resources.payment-orders.recheck.now_${answer.status}`
          : 'resources.payment-orders.recheck.unchanged',
        {
          type: changed ? 'success' : 'info',
          messageArgs: { gateway: answer.gateway_state },
        },
      );
    });

  return (
    <Button label="resources.payment-orders.recheck.button" onClick={recheck} disabled={busy}>
      <SyncIcon />
    </Button>
  );
};

/**
 * "Resolve" a late payment (paid after the order's window): issue the e-pins after all, or dismiss
 * (refund handled outside), with a remark → POST payment-orders/:clientid/resolve {decision, remark}.
 * Shown on a late order to approver and superadmin only.
 */
export const ResolveOrderButton = () => {
  const record = useRecordContext();
  const { permissions } = usePermissions();
  const translate = useTranslate();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const [open, setOpen] = useState(false);
  const [decision, setDecision] = useState<ResolveDecision>('issue');
  const { run, notify } = useAdminAction();
  if (!record || record.status !== 'late' || !canDecidePayments(permissions)) return null;

  const resolve = (remark: string) =>
    run(async () => {
      await dataProvider.resolvePaymentOrder(String(record.id), decision, remark);
      notify(`resources.payment-orders.resolve.done_${decision}`, { type: 'success' });
      setOpen(false);
    });

  return (
    <>
      <Button label="resources.payment-orders.resolve.button" onClick={() => setOpen(true)}>
        <GavelIcon />
      </Button>
      {open ? (
        <RemarkDialog
          title={translate('resources.payment-orders.resolve.title', { id: String(record.id) })}
          onConfirm={resolve}
          onClose={() => setOpen(false)}
        >
          <MuiTextField
            select
            required
            name="decision"
            label={translate('resources.payment-orders.resolve.decision')}
            value={decision}
            onChange={(e) => setDecision(e.target.value as ResolveDecision)}
          >
            {DECISIONS.map((d) => (
              <MenuItem key={d} value={d}>
                {translate(`resources.payment-orders.resolve.${d}`)}
              </MenuItem>
            ))}
          </MuiTextField>
        </RemarkDialog>
      ) : null}
    </>
  );
};
