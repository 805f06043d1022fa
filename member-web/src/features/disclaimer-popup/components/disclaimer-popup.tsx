import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DisclaimerText } from '../../../components/ui/disclaimer-text';
import { signOut } from '../../../lib/session';
import { recordDisclaimerAgreement } from '../api/show-popup';

interface Props {
  uid: string;
  /** The member's isagree from the dashboard summary; the popup shows only for '0'. */
  isagree: string;
}

/** The dashboard's disclaimer popup: Agree records the acknowledgement, Disagree logs out. */
export function DisclaimerPopup({ uid, isagree }: Props) {
  const { t } = useTranslation('disclaimer-popup');
  const navigate = useNavigate();
  const [open, setOpen] = useState(isagree === '0');
  const [busy, setBusy] = useState(false);

  async function agree() {
    setBusy(true);
    try {
      await recordDisclaimerAgreement(uid);
    } catch (error) {
      console.error('recording the disclaimer agreement failed', error);
    } finally {
      setBusy(false);
      setOpen(false);
    }
  }

  function disagree() {
    signOut();
    navigate('/login');
  }

  return (
    <Dialog open={open} aria-labelledby="disclaimer-popup-title" maxWidth="md" scroll="paper">
      {/* The disclaimer is bilingual whatever the chosen language (spec §2). */}
      <DialogTitle id="disclaimer-popup-title">Disclaimer / अस्वीकरण</DialogTitle>
      <DialogContent dividers>
        <DisclaimerText />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={agree} disabled={busy}>
          {t('agree')}
        </Button>
        <Button variant="outlined" color="error" onClick={disagree} disabled={busy}>
          {t('disagree')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
