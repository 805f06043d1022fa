import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  /** What is about to happen ("Confirm withdrawal"); the dialog's accessible name. */
  title: string;
  /** The facts the member confirms, as label/value rows: at least the amount and the receiver. */
  facts: ReadonlyArray<{ label: string; value: string; testId?: string }>;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}

/**
 * A confirmation sheet before money moves (issue 20: withdrawal and e-pin transfer never go on one
 * tap): it names the amount and the receiver, and nothing is sent until Confirm. Cancel, Escape or
 * a tap beside it sends nothing.
 */
export function ConfirmSheet({ open, title, facts, confirmLabel, onConfirm, onCancel, children }: Props) {
  const { t } = useTranslation('forms');
  const id = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px' }}>
          {facts.map((fact) => (
            <div key={fact.label} style={{ display: 'contents' }}>
              <dt style={{ fontWeight: 600 }}>{fact.label}</dt>
              <dd style={{ margin: 0, overflowWrap: 'anywhere' }} data-testid={fact.testId}>
                {fact.value}
              </dd>
            </div>
          ))}
        </dl>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('confirm.cancel')}</Button>
        <Button variant="contained" onClick={onConfirm} autoFocus>
          {confirmLabel ?? t('confirm.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
