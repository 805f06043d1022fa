import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  /** The alert's text; also the dialog's accessible name. */
  title: string;
  /** Optional detail under the title (the dialog's accessible description). */
  message?: string;
  /** What the member can do next, under the message (the ways to get an e-pin). */
  children?: ReactNode;
  onClose: () => void;
}

/**
 * An alert the member must acknowledge (the spec's browser `alert`, as an accessible MUI dialog):
 * `role="alertdialog"`, named by its title, closed by OK (focused when it opens) or Escape — not by a
 * click beside it.
 */
export function AcknowledgeDialog({ open, title, message, children, onClose }: Props) {
  const { t } = useTranslation('common');
  const id = useId();
  const titleId = `${id}-title`;
  const messageId = `${id}-message`;
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { role: 'alertdialog' } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {message || children ? (
        <DialogContent>
          {message ? <DialogContentText id={messageId}>{message}</DialogContentText> : null}
          {children}
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
