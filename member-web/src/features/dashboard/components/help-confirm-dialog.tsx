import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface HelpConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  busy: boolean;
  cancelLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The confirm dialog of a help request (help-request-dialog.tsx holds its state and texts). Its own
 * chunk, so MUI's Dialog stack is not in the dashboard's first load (decision 0030).
 */
export function HelpConfirmDialog({
  open,
  title,
  text,
  busy,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
}: HelpConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={() => (busy ? undefined : onCancel())} aria-labelledby="help-dialog-title">
      <DialogTitle id="help-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
