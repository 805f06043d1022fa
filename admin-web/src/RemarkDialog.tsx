import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField as MuiTextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';

interface DialogFormButtonsProps {
  onClose: () => void;
  busy: boolean;
  /** Whether the form is complete; the submit button stays disabled until it is (and while busy). */
  canSubmit: boolean;
  /** The submit button's text, already translated. */
  submitLabel: string;
  submitColor?: 'primary' | 'error';
}

/** The foot of a dialog's form: "Cancel", then the contained submit button; both disabled while busy. */
export const DialogFormButtons = ({
  onClose,
  busy,
  canSubmit,
  submitLabel,
  submitColor = 'primary',
}: DialogFormButtonsProps) => {
  const translate = useTranslate();
  return (
    <DialogActions>
      <MuiButton onClick={onClose} disabled={busy}>
        {translate('ra.action.cancel')}
      </MuiButton>
      <MuiButton type="submit" variant="contained" color={submitColor} disabled={!canSubmit || busy}>
        {submitLabel}
      </MuiButton>
    </DialogActions>
  );
};

interface RemarkDialogProps {
  title: string;
  onClose: () => void;
  /** Called with the trimmed remark; a rejection keeps the dialog open (the caller notifies). */
  onConfirm: (remark: string) => Promise<void>;
  maxLength?: number;
  confirmColor?: 'primary' | 'error';
  /** More inputs above the remark (e.g. the decision of a late payment). */
  children?: ReactNode;
  /** The text field's label, already translated (default: "Remark"). */
  label?: string;
}

/**
 * A required remark, then "Confirm" (disabled until a remark is typed) or "Cancel" — the same
 * labels as the members' Block / Unblock dialog, so browser tests find every remark the same way.
 */
export const RemarkDialog = ({
  title,
  onClose,
  onConfirm,
  maxLength = 300,
  confirmColor = 'primary',
  children,
  label,
}: RemarkDialogProps) => {
  const translate = useTranslate();
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const trimmed = remark.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || busy) return;
    setBusy(true);
    try {
      await onConfirm(trimmed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
            <MuiTextField
              autoFocus
              required
              multiline
              minRows={2}
              name="remark"
              label={label ?? translate('sahyog.remark.label')}
              helperText={translate('sahyog.remark.help')}
              value={remark}
              onChange={(e) => setRemark(e.target.value.slice(0, maxLength))}
            />
          </Stack>
        </DialogContent>
        <DialogFormButtons
          onClose={onClose}
          busy={busy}
          canSubmit={Boolean(trimmed)}
          submitLabel={translate('sahyog.remark.confirm')}
          submitColor={confirmColor}
        />
      </form>
    </Dialog>
  );
};
