import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { ForcedLogoutError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { INSUFFICIENT_EPIN } from '../api/activation-epin';
import { requestHelp, type HelpEpinType } from '../api/help-request';

export const HELP_OPTIONS: ReadonlyArray<{
  button: string;
  title: string;
  epin: HelpEpinType;
  amount: string;
  pin: string;
}> = [
  { button: 'USER 299 HELP', title: 'REQUEST 5,000 HELP', epin: 'EpintypeB', amount: '₹5,000', pin: '299' },
  { button: 'USER 1000 HELP', title: 'REQUEST 10,000 HELP', epin: 'EpintypeA', amount: '₹10,000', pin: '1000' },
];
/** Spec §8: the success toasts of the dashboard's activate and upgrade actions. */
export const HELP_SUCCESS_TEXT = { Activate: ' Activation Successfull', Upgrade: ' Upgrade Successfull' } as const;

interface Props {
  uid: string;
  active: boolean;
  onDone: () => void;
  /** The server found no unused e-pin of the type: the dashboard shows the 'Insufficient Epin !!' alert (with this detail). */
  onNoEpin: (message: string) => void;
}

/**
 * The two help buttons and their confirm dialogs. Confirm tops the caller up with their oldest
 * unused e-pin of that type and opens a help request: type 'Activate' for a member who is not
 * Active, else 'Upgrade'. A busy flag blocks a second request while one is in flight. No e-pin of the
 * type ('Insufficient Epin !!') closes the dialog for the dashboard's alert; other refusals are error toasts.
 */
export function HelpRequestButtons({ uid, active, onDone, onNoEpin }: Props) {
  // The chosen option outlives the dialog's closing so its title does not blank during the exit transition.
  const [option, setOption] = useState<(typeof HELP_OPTIONS)[number]>(HELP_OPTIONS[0]!);
  const [isOpen, setIsOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const open = isOpen ? option : null;
  const setOpen = (next: (typeof HELP_OPTIONS)[number] | null) => {
    if (next) setOption(next);
    setIsOpen(next !== null);
  };

  async function confirm() {
    if (!open || busy) return;
    setBusy(true);
    try {
      const type = active ? 'Upgrade' : 'Activate';
      const result = await requestHelp({ uid, epin: open.epin, type });
      if (result === 'Successfull') {
        notifySuccess(HELP_SUCCESS_TEXT[type]);
        setOpen(null);
        onDone();
      } else if (result.trim() === INSUFFICIENT_EPIN) {
        // No e-pin to activate/upgrade with: the confirm dialog gives way to the alert.
        setOpen(null);
        onNoEpin(`You have no unused ${open.pin} e-pin for this help request.`);
      } else {
        notifyError(result || 'Help request failed');
      }
    } catch (error) {
      if (!(error instanceof ForcedLogoutError)) {
        console.error('help request failed', error);
        notifyError('Help request failed');
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {HELP_OPTIONS.map((option) => (
        <Button key={option.epin} variant="contained" color="warning" onClick={() => setOpen(option)}>
          {option.button}
        </Button>
      ))}
      <Dialog
        open={open !== null}
        onClose={() => (busy ? undefined : setOpen(null))}
        aria-labelledby="help-dialog-title"
      >
        <DialogTitle id="help-dialog-title">{option.title}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {active ? 'Upgrade' : 'Activate'} your id with one of your unused {option.pin} e-pins and ask the admin for{' '}
            {option.amount} help?
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Processing..' : 'Confirm'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
