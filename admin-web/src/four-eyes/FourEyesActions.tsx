import { useState } from 'react';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import { Button, Confirm, useDataProvider, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import type { SahyogDataProvider } from '../dataProvider';
import { readSession } from '../session';
import { RemarkDialog } from '../RemarkDialog';
import { useAdminAction } from '../useAdminAction';
import { mayDecide } from './choices';

const KEYS = 'resources.four-eyes.actions';

/** The pending request, when this admin may decide it: its role may make the call itself (the API checks it too). */
function useDecidable() {
  const record = useRecordContext();
  const { permissions } = usePermissions();
  return record && record.status === 'Pending' && mayDecide(permissions, record.action) ? record : undefined;
}

/**
 * "Approve" → a confirm dialog naming what will happen → POST four-eyes/:id/approve: the action is
 * carried out. Hidden from the maker (the API would answer 403 ADMIN.SAME_MAKER).
 */
export const ApproveFourEyesButton = () => {
  const record = useDecidable();
  const translate = useTranslate();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const [open, setOpen] = useState(false);
  const { busy, run, notify } = useAdminAction();
  if (!record || record.maker === readSession()?.username) return null;
  const confirm = () =>
    run(async () => {
      await dataProvider.approveFourEyes(String(record.id));
      notify(`${KEYS}.approved`, { type: 'success' });
      setOpen(false);
    });
  return (
    <>
      <Button label={`${KEYS}.approve`} color="success" onClick={() => setOpen(true)}>
        <CheckCircleIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate(`${KEYS}.approve_title`)}
        content={translate(`${KEYS}.approve_content`, {
          summary: String(record.summary ?? ''),
          maker: String(record.maker),
        })}
        confirm="sahyog.remark.confirm"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

/** "Reject" → the reason dialog (Confirm disabled until a reason is typed) → POST four-eyes/:id/reject { reason }. */
export const RejectFourEyesButton = () => {
  const record = useDecidable();
  const translate = useTranslate();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const [open, setOpen] = useState(false);
  const { run, notify } = useAdminAction();
  if (!record) return null;
  const reject = (reason: string) =>
    run(async () => {
      await dataProvider.rejectFourEyes(String(record.id), reason);
      notify(`${KEYS}.rejected`, { type: 'success' });
      setOpen(false);
    });
  return (
    <>
      <Button label={`${KEYS}.reject`} color="error" onClick={() => setOpen(true)}>
        <CancelIcon />
      </Button>
      {open ? (
        <RemarkDialog
          title={translate(`${KEYS}.reject_title`)}
          field={{ name: 'reason', label: `${KEYS}.reason`, help: 'sahyog.remark.help' }}
          confirmColor="error"
          onConfirm={reject}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
};
