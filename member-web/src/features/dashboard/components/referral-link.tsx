import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Share from '@mui/icons-material/Share';
import { useTranslation } from 'react-i18next';
import { PlainReadOnlyText } from '../../../components/ui/plain-field';
import { notifyError, notifySuccess } from '../../../lib/notify';

export function referralLink(origin: string, uid: string): string {
  return `${origin}/signup?userid=${encodeURIComponent(uid)}`;
}

async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Clipboard API refused (insecure origin, no permission): fall back below.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let copied = false;
  try {
    copied = typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    copied = false;
  }
  document.body.removeChild(area);
  return copied;
}

/** The member's read-only referral link with copy and share (share places the new member on the left). */
export function ReferralLink({ uid }: { uid: string }) {
  const { t } = useTranslation('dashboard');
  const link = referralLink(window.location.origin, uid);
  const shareLink = `${link}&position=Left`;
  return (
    <Box>
      {/* Several lines: on a phone the whole link wraps into view instead of being cut at the field's edge. */}
      <PlainReadOnlyText label={t('referral.label')} value={link} />
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button
          variant="contained"
          size="small"
          startIcon={<ContentCopy />}
          onClick={() => {
            void copyText(link).then((ok) =>
              ok ? notifySuccess(t('referral.copied')) : notifyError(t('referral.copyFailed')),
            );
          }}
        >
          {t('referral.copy')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<Share />}
          component="a"
          href={shareLink}
          target="_blank"
          rel="noopener"
        >
          {t('referral.share')}
        </Button>
      </Stack>
    </Box>
  );
}
