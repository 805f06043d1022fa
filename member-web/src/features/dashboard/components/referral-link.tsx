import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PlainReadOnlyText } from '../../../components/ui/plain-field';
import { containedLook, outlinedLook, startIconLook } from '../../../components/ui/plain-buttons';
import { notifyError, notifySuccess } from '../../../lib/notify';

/** Material's ContentCopy and Share icons (the paths @mui/icons-material draws), as MUI's startIcon shows them. */
const COPY_ICON =
  'M16 1H4c-1.1 0-2 .9-2 2v14h2V3h12zm3 4H8c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h11c1.1 0 2-.9 2-2V7c0-1.1-.9-2-2-2m0 16H8V7h11z';
const SHARE_ICON =
  'M18 16.08c-.76 0-1.44.3-1.96.77L8.91 12.7c.05-.23.09-.46.09-.7s-.04-.47-.09-.7l7.05-4.11c.54.5 1.25.81 2.04.81 1.66 0 3-1.34 3-3s-1.34-3-3-3-3 1.34-3 3c0 .24.04.47.09.7L8.04 9.81C7.5 9.31 6.79 9 6 9c-1.66 0-3 1.34-3 3s1.34 3 3 3c.79 0 1.5-.31 2.04-.81l7.12 4.16c-.05.21-.08.43-.08.65 0 1.61 1.31 2.92 2.92 2.92s2.92-1.31 2.92-2.92-1.31-2.92-2.92-2.92';

function StartIcon({ path }: { path: string }) {
  return (
    <Box component="span" sx={startIconLook}>
      <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
        <path d={path} />
      </svg>
    </Box>
  );
}

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
        <Box
          component="button"
          type="button"
          onClick={() => {
            void copyText(link).then((ok) =>
              ok ? notifySuccess(t('referral.copied')) : notifyError(t('referral.copyFailed')),
            );
          }}
          sx={containedLook('primary', true)}
        >
          <StartIcon path={COPY_ICON} />
          {t('referral.copy')}
        </Box>
        {/* Issue 20: the phone's share sheet (Web Share API); where there is none, WhatsApp with the link. */}
        <Box
          component="a"
          href={`https://wa.me/?text=${encodeURIComponent(shareLink)}`}
          target="_blank"
          rel="noopener"
          data-share-url={shareLink}
          onClick={(event: MouseEvent) => {
            if (typeof navigator.share !== 'function') return;
            event.preventDefault();
            navigator.share({ title: t('referral.label'), url: shareLink }).catch(() => undefined);
          }}
          sx={outlinedLook('primary', true)}
        >
          <StartIcon path={SHARE_ICON} />
          {t('referral.share')}
        </Box>
      </Stack>
    </Box>
  );
}
