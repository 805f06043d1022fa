import { useState } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

async function copyText(value: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Copies one value (a UPI ID, an account number, an IFSC, an amount) so a member paying from the same
 * phone can paste it into their bank's app (issue 20). Says Copied beside itself — no toast over the
 * page — or, where the browser refuses, to select and copy it by hand.
 */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const { t } = useTranslation('forms');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  if (value === '') return null;
  return (
    <Button
      size="small"
      variant="outlined"
      sx={{ ml: 1, minWidth: 0, py: 0 }}
      aria-label={`${t('copy.button')} ${what}`}
      onClick={() => void copyText(value).then((ok) => setState(ok ? 'copied' : 'failed'))}
    >
      {state === 'copied' ? t('copy.copied') : state === 'failed' ? t('copy.failed') : t('copy.button')}
    </Button>
  );
}
