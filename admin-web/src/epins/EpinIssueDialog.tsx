import { useState, type FormEvent } from 'react';
import { Dialog, DialogContent, DialogContentText, DialogTitle, Stack, TextField as MuiTextField } from '@mui/material';
import AddCardIcon from '@mui/icons-material/AddCard';
import { Button, useDataProvider, usePermissions, useTranslate } from 'react-admin';
import { newIdempotencyKey, type EpinType, type IssueEpinsRequest, type SahyogDataProvider } from '../dataProvider';
import { EPIN_TYPES } from '../epinTypes';
import { canIssueEpins } from '../roles';
import { useAdminAction } from '../useAdminAction';
import { DialogFormButtons } from '../RemarkDialog';

/** The API's limit per issue call (MAX_ISSUE_QUANTITY in src/modules/epins). */
export const MAX_ISSUE_QUANTITY = 500;

const MEMBER_ID = /^[1-9]\d{5}$/;
const WHOLE_NUMBER = /^\d+$/;

interface IssueForm {
  owner: string;
  type: EpinType;
  quantity: string;
}

/** A whole number from 1 to MAX_ISSUE_QUANTITY, or null. */
function quantityOf(text: string): number | null {
  const quantity = WHOLE_NUMBER.test(text.trim()) ? Number(text.trim()) : NaN;
  return quantity >= 1 && quantity <= MAX_ISSUE_QUANTITY ? quantity : null;
}

/** The request the API takes, or null while the form is not yet valid (the same checks as the API's DTO). */
export function toIssueRequest(form: IssueForm): IssueEpinsRequest | null {
  const owner = form.owner.trim();
  const quantity = quantityOf(form.quantity);
  if (!MEMBER_ID.test(owner) || quantity === null) return null;
  return { owner, type: form.type, quantity };
}

const EMPTY_FORM: IssueForm = { owner: '', type: 'EpintypeB', quantity: '1' };

/** Member id, type and quantity; "Issue" posts them, then the list refreshes with the new e-pins. */
const EpinIssueDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const [form, setForm] = useState<IssueForm>(EMPTY_FORM);
  // A 400 carries the API's reason (unknown member, blocked member, quantity…): shown as sent.
  const { busy, run, notify } = useAdminAction();
  // One Idempotency-Key per opening of the dialog: a double click or a retry after a lost answer issues once.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const request = toIssueRequest(form);
  const ownerInvalid = form.owner.trim() !== '' && !MEMBER_ID.test(form.owner.trim());
  const quantityInvalid = form.quantity.trim() !== '' && quantityOf(form.quantity) === null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!request || busy) return;
    await run(
      async () => {
        const { numbers } = await dataProvider.issueEpins(request, idempotencyKey);
        notify('resources.epins.issue.issued', {
          type: 'success',
          messageArgs: { smart_count: numbers?.length ?? request.quantity },
        });
        onClose();
      },
      { onSent: onClose },
    );
  };

  const t = (key: string, args?: Record<string, unknown>) => translate(`resources.epins.issue.${key}`, args);
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('intro')}</DialogContentText>
          <Stack spacing={2}>
            <MuiTextField
              autoFocus
              required
              name="owner"
              label={t('owner')}
              value={form.owner}
              onChange={(e) => setForm({ ...form, owner: e.target.value })}
              error={ownerInvalid}
              helperText={ownerInvalid ? t('owner_invalid') : t('owner_help')}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, autoComplete: 'off' } }}
            />
            <MuiTextField
              select
              required
              name="type"
              label={t('type')}
              value={form.type}
              onChange={(e) => setForm({ ...form, type: e.target.value as EpinType })}
              slotProps={{ select: { native: true } }}
            >
              {EPIN_TYPES.map((type) => (
                <option key={type} value={type}>
                  {translate(`sahyog.epin_types.${type}`)}
                </option>
              ))}
            </MuiTextField>
            <MuiTextField
              required
              type="number"
              name="quantity"
              label={t('quantity')}
              value={form.quantity}
              onChange={(e) => setForm({ ...form, quantity: e.target.value })}
              error={quantityInvalid}
              helperText={
                quantityInvalid
                  ? t('quantity_invalid', { max: MAX_ISSUE_QUANTITY })
                  : t('quantity_help', { max: MAX_ISSUE_QUANTITY })
              }
              slotProps={{ htmlInput: { min: 1, max: MAX_ISSUE_QUANTITY, step: 1 } }}
            />
          </Stack>
        </DialogContent>
        <DialogFormButtons onClose={onClose} busy={busy} canSubmit={request !== null} submitLabel={t('submit')} />
      </form>
    </Dialog>
  );
};

/** "Issue e-pins" on the e-pins list, for approver and superadmin (the API refuses everyone else). */
export const EpinIssueButton = () => {
  const { permissions } = usePermissions();
  const [open, setOpen] = useState(false);
  if (!canIssueEpins(permissions)) return null;
  return (
    <>
      <Button label="resources.epins.issue.button" onClick={() => setOpen(true)}>
        <AddCardIcon />
      </Button>
      {open ? <EpinIssueDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
};
