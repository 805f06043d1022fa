import { useState } from 'react';
import LockIcon from '@mui/icons-material/Lock';
import ReplyIcon from '@mui/icons-material/Reply';
import { Button, Confirm, useDataProvider, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import type { SahyogDataProvider } from '../dataProvider';
import { RemarkDialog } from '../RemarkDialog';
import { canAct } from '../resources';
import { useAdminAction } from '../useAdminAction';

/** The API's limit of a reply (src/modules/support/domain/ticket.events.ts). */
export const REPLY_MAX_LENGTH = 2000;

/** The ticket, when it is not closed and the role answers tickets (support, approver, superadmin). */
function useAnswerable() {
  const record = useRecordContext();
  const { permissions } = usePermissions();
  return record && record.status !== 'closed' && canAct(permissions, 'tickets') ? record : undefined;
}

/** "Reply" → the reply the member sees → POST tickets/:id/reply { message }. */
export const ReplyTicketButton = () => {
  const record = useAnswerable();
  const translate = useTranslate();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const [open, setOpen] = useState(false);
  const { run, notify } = useAdminAction();
  if (!record) return null;
  const reply = (message: string) =>
    run(async () => {
      await dataProvider.replyTicket(String(record.id), message);
      notify('resources.tickets.actions.replied', { type: 'success' });
      setOpen(false);
    });
  return (
    <>
      <Button label="resources.tickets.actions.reply" onClick={() => setOpen(true)}>
        <ReplyIcon />
      </Button>
      {open ? (
        <RemarkDialog
          title={translate('resources.tickets.actions.reply_title', { id: String(record.id) })}
          onConfirm={reply}
          onClose={() => setOpen(false)}
          maxLength={REPLY_MAX_LENGTH}
          field={{
            name: 'message',
            label: 'resources.tickets.actions.message',
            help: 'resources.tickets.actions.message_help',
          }}
        />
      ) : null}
    </>
  );
};

/** "Close" → a confirmation → POST tickets/:id/close. */
export const CloseTicketButton = () => {
  const record = useAnswerable();
  const translate = useTranslate();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const [open, setOpen] = useState(false);
  const { busy, run, notify } = useAdminAction();
  if (!record) return null;
  const close = () =>
    run(async () => {
      await dataProvider.closeTicket(String(record.id));
      notify('resources.tickets.actions.closed', { type: 'success' });
      setOpen(false);
    });
  return (
    <>
      <Button label="resources.tickets.actions.close" onClick={() => setOpen(true)}>
        <LockIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate('resources.tickets.actions.close_title', { id: String(record.id) })}
        content={translate('resources.tickets.actions.close_content')}
        confirm="sahyog.remark.confirm"
        onConfirm={close}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
