import { useState } from 'react';
import GavelIcon from '@mui/icons-material/Gavel';
import { MenuItem, TextField as MuiTextField } from '@mui/material';
import { Button, useDataProvider, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import type { ResolveOutcome, SahyogDataProvider } from '../dataProvider';
import { RemarkDialog } from '../RemarkDialog';
import { canAct } from '../resources';
import { useAdminAction } from '../useAdminAction';
import { isResolvable } from './choices';

const OUTCOMES: readonly ResolveOutcome[] = ['received', 'cancel'];

/**
 * "Resolve" → outcome (received / cancel) and a remark → POST help-links/:id/resolve
 * { outcome, remark }. Approver and superadmin, on a link the API can still resolve.
 */
export const ResolveLinkButton = () => {
  const record = useRecordContext();
  const { permissions } = usePermissions();
  const translate = useTranslate();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<ResolveOutcome>('received');
  const { run, notify } = useAdminAction();
  if (!record || !isResolvable(record) || !canAct(permissions, 'help-links')) return null;

  const resolve = (remark: string) =>
    run(async () => {
      await dataProvider.resolveHelpLink(String(record.id), outcome, remark);
      notify(`resources.help-links.resolve.done_${outcome}`, { type: 'success' });
      setOpen(false);
    });

  return (
    <>
      <Button
        label="resources.help-links.resolve.button"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <GavelIcon />
      </Button>
      {open ? (
        <RemarkDialog
          title={translate('resources.help-links.resolve.title', { id: String(record.id) })}
          onConfirm={resolve}
          onClose={() => setOpen(false)}
        >
          <MuiTextField
            select
            required
            name="outcome"
            label={translate('resources.help-links.resolve.outcome')}
            value={outcome}
            onChange={(e) => setOutcome(e.target.value as ResolveOutcome)}
          >
            {OUTCOMES.map((o) => (
              <MenuItem key={o} value={o}>
                {translate(`resources.help-links.resolve.${o}`)}
              </MenuItem>
            ))}
          </MuiTextField>
        </RemarkDialog>
      ) : null}
    </>
  );
};
