import { useState } from 'react';
import { Box, Chip, Grid, Typography } from '@mui/material';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Button, Labeled, useDataProvider, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import type { SahyogDataProvider } from '../dataProvider';
import { formatDateTime } from '../dates';
import { RemarkDialog } from '../RemarkDialog';
import { canUnlockDetails } from '../roles';
import { Cell } from '../showLayout';
import { useAdminAction } from '../useAdminAction';

type Details = 'bank' | 'wallet';

interface MemberProfileRecord {
  id: string | number;
  profile?: Record<string, string>;
  bank?: Record<string, string | boolean | null>;
  wallet?: { address: string; locked: boolean; saved_at: string | null };
  last_unlock?: { at: string; by: string; reason: string } | null;
}

/** One labelled value of a section; an empty value reads "—". */
const Value = ({ field, value }: { field: string; value: unknown }) => {
  const translate = useTranslate();
  const text = value === null || value === undefined || value === '' ? '—' : String(value);
  return (
    <Cell>
      <Labeled label={translate(`resources.members.fields.${field}`)}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid={`member-${field}`}>
          {text}
        </Typography>
      </Labeled>
    </Cell>
  );
};

const LockChip = ({ locked }: { locked: boolean }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={locked ? 'success' : 'default'}
      label={translate(`resources.members.actions.${locked ? 'locked_yes' : 'locked_no'}`)}
    />
  );
};

/**
 * "Unlock bank" / "Unlock wallet": a required reason, then POST /admin-api/members/:uid/unlock-…
 * { reason }; shown to approvers (and superadmins) while the details are locked.
 */
export const UnlockButton = ({ what }: { what: Details }) => {
  const record = useRecordContext<MemberProfileRecord>();
  const { permissions } = usePermissions();
  const translate = useTranslate();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const [open, setOpen] = useState(false);
  const { run, notify } = useAdminAction();
  const locked = what === 'bank' ? record?.bank?.locked === true : record?.wallet?.locked === true;
  if (!record || !locked || !canUnlockDetails(permissions)) return null;
  const uid = String(record.id);
  const unlock = (reason: string) =>
    run(
      async () => {
        await dataProvider.unlockMemberDetails(uid, what, reason);
        notify(`resources.members.actions.unlocked_${what}`, { type: 'success' });
        setOpen(false);
      },
      { onSent: () => setOpen(false) },
    );
  return (
    <>
      <Button label={`resources.members.actions.unlock_${what}`} onClick={() => setOpen(true)}>
        <LockOpenIcon />
      </Button>
      {open ? (
        <RemarkDialog
          title={translate(`resources.members.actions.unlock_${what}_title`, { uid })}
          field={{ name: 'remark', label: 'resources.members.actions.reason', help: 'sahyog.remark.help' }}
          onConfirm={unlock}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
};

const Heading = ({ title, locked, what }: { title: string; locked?: boolean; what?: Details }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
      <Typography variant="h6" component="h2">
        {translate(title)}
      </Typography>
      {locked === undefined ? null : <LockChip locked={locked} />}
      {what ? <UnlockButton what={what} /> : null}
    </Box>
  );
};

/**
 * The member's profile settings, bank details and USDT wallet as the admin verifies them: in full
 * (PAN and Aadhaar unmasked; every other read masks them), with their locks and the last unlock.
 */
export const MemberDetails = () => {
  const record = useRecordContext<MemberProfileRecord>();
  const translate = useTranslate();
  if (!record?.profile) return null;
  const { profile, bank = {}, wallet, last_unlock: lastUnlock } = record;
  return (
    <>
      <Box component="section" sx={{ mb: 3 }}>
        <Heading title="resources.members.sections.settings" />
        <Grid container spacing={2}>
          {['state', 'district', 'city', 'pincode', 'nominee_name', 'nominee_relation'].map((f) => (
            <Value key={f} field={f} value={profile[f]} />
          ))}
        </Grid>
      </Box>
      <Box component="section" sx={{ mb: 3 }} aria-label={translate('resources.members.sections.bank')}>
        <Heading title="resources.members.sections.bank" locked={bank.locked === true} what="bank" />
        <Grid container spacing={2}>
          {['account_number', 'holder', 'ifsc', 'bank_name', 'branch', 'upi_number', 'pan', 'aadhaar'].map((f) => (
            <Value key={f} field={f} value={bank[f]} />
          ))}
          <Value field="saved_at" value={bank.saved_at ? formatDateTime(String(bank.saved_at)) : ''} />
        </Grid>
      </Box>
      <Box component="section" sx={{ mb: 3 }} aria-label={translate('resources.members.sections.wallet')}>
        <Heading title="resources.members.sections.wallet" locked={wallet?.locked === true} what="wallet" />
        <Grid container spacing={2}>
          <Value field="address" value={wallet?.address} />
          <Value field="saved_at" value={wallet?.saved_at ? formatDateTime(wallet.saved_at) : ''} />
          {lastUnlock ? (
            <Value
              field="last_unlock"
              value={translate('resources.members.actions.unlock_line', {
                at: formatDateTime(lastUnlock.at),
                by: lastUnlock.by,
                reason: lastUnlock.reason,
              })}
            />
          ) : null}
        </Grid>
      </Box>
    </>
  );
};
