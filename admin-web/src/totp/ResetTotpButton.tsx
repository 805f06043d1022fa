import { useState } from 'react';
import LockResetIcon from '@mui/icons-material/LockReset';
import { Button, Confirm, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useAdminAction } from '../useAdminAction';
import { totpApi } from './totpApi';

/** A superadmin resets an admin's two-step sign-in (a lost phone); shown only where it is on. */
export const ResetTotpButton = () => {
  const record = useRecordContext<{ id: string; totp_enabled?: boolean }>();
  const translate = useTranslate();
  const refresh = useRefresh();
  const { busy, run, notify } = useAdminAction();
  const [open, setOpen] = useState(false);
  if (!record?.totp_enabled) return null;
  const username = String(record.id);
  return (
    <>
      <Button
        label="sahyog.totp.reset"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        disabled={busy}
      >
        <LockResetIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate('sahyog.totp.reset_confirm_title', { username })}
        content={translate('sahyog.totp.reset_confirm_content')}
        onConfirm={() =>
          void run(async () => {
            await totpApi.reset(username);
            setOpen(false);
            notify(translate('sahyog.totp.reset_done', { username }), { type: 'info' });
            refresh();
          })
        }
        onClose={() => setOpen(false)}
      />
    </>
  );
};
