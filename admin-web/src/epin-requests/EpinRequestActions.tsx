import { useState } from 'react';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import { Button, Confirm, useDataProvider, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import type { SahyogDataProvider } from '../dataProvider';
import { RemarkDialog } from '../RemarkDialog';
import { useAdminAction } from '../useAdminAction';
import { canDecidePayments } from '../roles';

/** Only a Pending request can be decided, and only by approver / superadmin (the API's Roles('approver')). */
function useDecidable() {
  const record = useRecordContext();
  const { permissions } = usePermissions();
  return record && record.status === 'Pending' && canDecidePayments(permissions) ? record : undefined;
}

/** "Approve" → a confirm dialog → POST …/approve: the e-pins are issued to the member in the same commit. */
export const ApproveRequestButton = () => {
  const record = useDecidable();
  const translate = useTranslate();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const [open, setOpen] = useState(false);
  // A 409 ("This request is already Approved") or 403 shows the API's reason.
  const { busy, run, notify } = useAdminAction();
  if (!record) return null;

  const approve = () =>
    run(async () => {
      const answer = await dataProvider.approveEpinRequest(String(record.id));
      notify('resources.epin-requests.actions.approved', {
        type: 'success',
        messageArgs: { smart_count: answer?.epins?.length ?? record.qty ?? 0 },
      });
      setOpen(false);
    });

  return (
    <>
      <Button label="resources.epin-requests.actions.approve" color="success" onClick={() => setOpen(true)}>
        <CheckCircleIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate('resources.epin-requests.actions.approve_title', { id: String(record.id) })}
        content={translate('resources.epin-requests.actions.approve_content', {
          qty: String(record.qty ?? ''),
          uid: String(record.uid ?? ''),
        })}
        confirm="sahyog.remark.confirm"
        onConfirm={approve}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

/** "Reject" → a remark dialog (field "Remark", button "Confirm") → POST …/reject {remark}. */
export const RejectRequestButton = () => {
  const record = useDecidable();
  const translate = useTranslate();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const [open, setOpen] = useState(false);
  const { run, notify } = useAdminAction();
  if (!record) return null;

  const reject = (remark: string) =>
    run(async () => {
      await dataProvider.rejectEpinRequest(String(record.id), remark);
      notify('resources.epin-requests.actions.rejected', { type: 'success' });
      setOpen(false);
    });

  return (
    <>
      <Button label="resources.epin-requests.actions.reject" color="error" onClick={() => setOpen(true)}>
        <CancelIcon />
      </Button>
      {open ? (
        <RemarkDialog
          title={translate('resources.epin-requests.actions.reject_title', { id: String(record.id) })}
          confirmColor="error"
          onConfirm={reject}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
};
