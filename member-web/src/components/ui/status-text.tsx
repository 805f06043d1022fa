import Box from '@mui/material/Box';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The spec's status colours (theme palette paths). */
export type StatusColor = 'success.main' | 'warning.main' | 'error.main' | 'info.main';

/**
 * A status word as the server sends it ('Pending', 'Paid', 'Used', 'finished'…) in the member's
 * language, for display only: the English catalogue keeps the server's word, Hindi translates it
 * (common `serverStatus`); a word neither knows is shown as sent.
 */
export function statusWord(t: TFunction, status: string): string {
  if (status === '') return '';
  return t(`serverStatus.${status}`, { ns: 'common', defaultValue: status });
}

/** A coloured status word (lists, cards, detail pages); the colour follows the server's word, not its translation. */
export function StatusText({ status, color, testId }: { status: string; color: StatusColor; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <Box component="span" sx={{ color, fontWeight: 700 }} data-testid={testId} data-status-color={color.split('.')[0]}>
      {statusWord(t, status)}
    </Box>
  );
}
