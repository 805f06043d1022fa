import { useState, type FormEvent } from 'react';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField as MuiTextField,
} from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LoginIcon from '@mui/icons-material/Login';
import { Button, useDataProvider, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import type { SahyogDataProvider } from '../dataProvider';
import { canImpersonate } from '../roles';
import { useAdminAction } from '../useAdminAction';

type RemarkAction = 'block' | 'unblock';

const MAX_REMARK_LENGTH = 500;

interface RemarkDialogProps {
  action: RemarkAction;
  uid: string;
  open: boolean;
  onClose: () => void;
}

/** Block and unblock both need a remark: it is stored in the member's event with the admin as actor. */
const RemarkDialog = ({ action, uid, open, onClose }: RemarkDialogProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const [remark, setRemark] = useState('');
  const { busy, run, notify } = useAdminAction();
  const trimmed = remark.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || busy) return;
    await run(async () => {
      if (action === 'block') await dataProvider.blockMember(uid, trimmed);
      else await dataProvider.unblockMember(uid, trimmed);
      notify(`resources.members.actions.${action}ed`, { type: 'success' });
      setRemark('');
      onClose();
    });
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{translate(`resources.members.actions.${action}_title`, { uid })}</DialogTitle>
        <DialogContent>
          <MuiTextField
            autoFocus
            required
            multiline
            minRows={2}
            label={translate('resources.members.actions.remark')}
            helperText={translate('resources.members.actions.remark_help')}
            value={remark}
            onChange={(e) => setRemark(e.target.value.slice(0, MAX_REMARK_LENGTH))}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </MuiButton>
          <MuiButton
            type="submit"
            variant="contained"
            color={action === 'block' ? 'error' : 'primary'}
            disabled={!trimmed || busy}
          >
            {translate('resources.members.actions.confirm')}
          </MuiButton>
        </DialogActions>
      </form>
    </Dialog>
  );
};

/** Shows "Block" for an unblocked member and "Unblock" for a blocked one. */
export const BlockToggleButton = () => {
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const action: RemarkAction = record.blocked ? 'unblock' : 'block';
  return (
    <>
      <Button
        label={`resources.members.actions.${action}`}
        color={action === 'block' ? 'error' : 'primary'}
        onClick={() => setOpen(true)}
      >
        {action === 'block' ? <BlockIcon /> : <LockOpenIcon />}
      </Button>
      <RemarkDialog action={action} uid={String(record.id)} open={open} onClose={() => setOpen(false)} />
    </>
  );
};

/**
 * "Log in as": the API issues a single-use token valid for 60 s and answers the member-web URL
 * that exchanges it (/AdminLogin?token=…). The member site opens in a new tab.
 */
export const ImpersonateButton = () => {
  const record = useRecordContext();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const { permissions } = usePermissions();
  const { busy, run, notify } = useAdminAction();
  if (!record || !canImpersonate(permissions)) return null;

  // Nothing on this page changes, so no refresh.
  const impersonate = () =>
    run(
      async () => {
        const { url } = await dataProvider.impersonateMember(String(record.id));
        const opened = window.open(url, '_blank');
        if (opened) notify('resources.members.actions.impersonate_opened', { type: 'info' });
        else
          notify('resources.members.actions.impersonate_popup_blocked', {
            type: 'warning',
            messageArgs: { url },
            autoHideDuration: null,
          });
      },
      { refresh: false },
    );

  return (
    <Button
      label="resources.members.actions.impersonate"
      onClick={impersonate}
      disabled={busy || Boolean(record.blocked)}
    >
      <LoginIcon />
    </Button>
  );
};
