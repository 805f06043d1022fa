import { useState } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { containedLook } from '../../../components/ui/plain-buttons';
import { ForcedLogoutError } from '../../../lib/api-client';
import { lazyPart } from '../../../lib/lazy-part';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { EpinType } from '../../../lib/epin-type';
import { requestHelp } from '../api/help-request';

// The confirm dialog's code (MUI's Dialog stack) is fetched once the buttons show, not before the first paint.
const HelpConfirmDialog = lazyPart(() => import('./help-confirm-dialog').then((m) => m.HelpConfirmDialog));

/** The two help requests; texts are catalogue keys (dashboard namespace). */
export const HELP_OPTIONS: ReadonlyArray<{
  button: string;
  title: string;
  epin: EpinType;
  amount: string;
  pin: string;
}> = [
  { button: 'help.button299', title: 'help.title299', epin: 'EpintypeB', amount: '₹5,000', pin: '299' },
  { button: 'help.button1000', title: 'help.title1000', epin: 'EpintypeA', amount: '₹10,000', pin: '1000' },
];
/** Spec §8: the success toasts of the dashboard's activate and upgrade actions (catalogue keys). */
const HELP_SUCCESS_KEY = { Activate: 'help.activateSuccess', Upgrade: 'help.upgradeSuccess' } as const;
/** The server's answer when no e-pin of the type is left (compared, never shown as is). */
const INSUFFICIENT_EPIN = 'Insufficient Epin !!';

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
  const { t } = useTranslation('dashboard');
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
        notifySuccess(t(HELP_SUCCESS_KEY[type]));
        setOpen(null);
        onDone();
      } else if (result.trim() === INSUFFICIENT_EPIN) {
        // No e-pin to activate/upgrade with: the confirm dialog gives way to the alert.
        setOpen(null);
        onNoEpin(t('noEpinForHelp', { pin: open.pin }));
      } else {
        notifyError(result || t('help.failed'));
      }
    } catch (error) {
      if (!(error instanceof ForcedLogoutError)) {
        console.error('help request failed', error);
        notifyError(t('help.failed'));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {HELP_OPTIONS.map((option) => (
        <Box
          key={option.epin}
          component="button"
          type="button"
          onClick={() => setOpen(option)}
          sx={containedLook('warning', true)}
        >
          {t(option.button)}
        </Box>
      ))}
      <HelpConfirmDialog
        open={open !== null}
        title={t(option.title)}
        text={t(active ? 'help.confirmUpgrade' : 'help.confirmActivate', { pin: option.pin, amount: option.amount })}
        busy={busy}
        cancelLabel={t('help.cancel')}
        confirmLabel={busy ? t('processing2') : t('help.confirm')}
        onCancel={() => setOpen(null)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
