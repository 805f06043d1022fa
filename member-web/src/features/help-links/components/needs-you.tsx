import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { containedLook, outlinedLook } from '../../../components/ui/plain-buttons';
import { formatGroupedAmount } from '../../../lib/money';
import { PENDING, type HelpLink } from '../api/types';
import type { DashboardLinks } from './dashboard-links';
import { LinkCountdown } from './link-countdown';

/** A GH link whose payer has sent a UTR: the receiver checks the bank and confirms (or cancels). */
export const PAID = 'Paid';

/** At most this many links of each side on the first screen; the rest are one tap away in the full list. */
export const NEEDS_YOU_ROWS = 2;

const panelLook = {
  border: '1px solid',
  borderColor: 'divider',
  borderRadius: 1,
  bgcolor: 'background.paper',
  p: 1.5,
  '& .needs-row': {
    display: 'flex',
    alignItems: 'center',
    gap: 1.5,
    py: 1,
    pl: 1.5,
    borderLeft: '4px solid',
    borderRadius: '2px',
  },
  '& .needs-row + .needs-row': { mt: 1 },
  '& .needs-row[data-side="PH"]': { borderLeftColor: 'error.main' },
  '& .needs-row[data-side="GH"]': { borderLeftColor: 'warning.main', bgcolor: 'rgba(237, 108, 2, 0.06)' },
  '& .needs-text': { flex: 1, minWidth: 0 },
  '& .needs-text p': { m: 0, typography: 'body2', overflowWrap: 'anywhere' },
  '& .needs-text p:first-of-type': { fontWeight: 700 },
} as const;

interface Row {
  link: HelpLink;
  side: 'PH' | 'GH';
  deadline: string;
}

function NeedsRow({ row, serverDate }: { row: Row; serverDate: number | null }) {
  const { t } = useTranslation('help-links');
  const { link, side } = row;
  const amount = formatGroupedAmount(link.amount, 'INR');
  const who = side === 'PH' ? link.uid : link.fromid;
  return (
    <div className="needs-row" data-side={side} data-testid={side === 'PH' ? 'needs-pay' : 'needs-confirm'}>
      <div className="needs-text">
        <p>{t(side === 'PH' ? 'needsPay' : 'needsConfirm', { amount, name: link.name, uid: who })}</p>
        {side === 'PH' ? (
          <p>
            {t('linkExpireIn')} {row.deadline ? <LinkCountdown deadline={row.deadline} serverDate={serverDate} /> : '—'}
          </p>
        ) : (
          <p>{link.utrno ? t('needsConfirmUtr', { utr: link.utrno }) : t('needsConfirmHint')}</p>
        )}
      </div>
      <Box
        component={RouterLink}
        to={`/${side}RecivePaymentId/${encodeURIComponent(link.id)}`}
        aria-label={t(side === 'PH' ? 'payOrder' : 'confirmOrder', { id: link.id })}
        sx={{ ...containedLook(side === 'PH' ? 'error' : 'warning', true), flexShrink: 0 }}
      >
        {t(side === 'PH' ? 'payNow' : 'confirmNow')}
      </Box>
    </div>
  );
}

/** "+2 more" under a side's rows, to its full list (pending PH help, or the GH links to receive). */
function More({ count, to }: { count: number; to: string }) {
  const { t } = useTranslation('help-links');
  if (count <= 0) return null;
  return (
    <Box component={RouterLink} to={to} sx={{ display: 'inline-block', mt: 1, typography: 'body2' }}>
      {t('needsMore', { count })}
    </Box>
  );
}

/**
 * The top of the dashboard (issue 20 §9): the help links that need the member now, each one tap
 * from its detail — a Pending PH link to pay, with its 'Link Expire in' countdown, and a GH link the
 * payer has marked Paid, to check and confirm. Says so when nothing waits; a failed read says it
 * failed, with a retry (never "nothing").
 */
export function NeedsYou({ links }: { links: DashboardLinks }) {
  const { t } = useTranslation('help-links');
  const { ph, gh } = links;
  const toPay: Row[] = ph.list.rows
    .map((link, index) => ({ link, side: 'PH' as const, deadline: link.ddd || (index === 0 ? ph.list.ed : '') }))
    .filter((row) => row.link.paidst === PENDING);
  const toConfirm: Row[] = gh.list.rows
    .filter((link) => link.sidapprovest === PAID)
    .map((link) => ({ link, side: 'GH' as const, deadline: '' }));
  const loading = ph.state === 'loading' || gh.state === 'loading';
  const failed = ph.state === 'failed' || gh.state === 'failed';
  const count = toPay.length + toConfirm.length;

  return (
    <Box component="section" aria-labelledby="needs-you-title" data-testid="needs-you" sx={panelLook}>
      <Typography variant="subtitle1" component="h2" id="needs-you-title" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('needsYouTitle')}
        {count > 0 ? ` (${count})` : ''}
      </Typography>
      {toPay.slice(0, NEEDS_YOU_ROWS).map((row) => (
        <NeedsRow key={`PH-${row.link.id}`} row={row} serverDate={ph.list.serverDate} />
      ))}
      <More count={toPay.length - NEEDS_YOU_ROWS} to="/PHRecivePayment" />
      {toConfirm.slice(0, NEEDS_YOU_ROWS).map((row) => (
        <NeedsRow key={`GH-${row.link.id}`} row={row} serverDate={gh.list.serverDate} />
      ))}
      <More count={toConfirm.length - NEEDS_YOU_ROWS} to="/GHRecivePayment" />
      {failed ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} role="alert">
          <Typography variant="body2" color="error.main" sx={{ flex: 1 }}>
            {t('needsFailed')}
          </Typography>
          <Box component="button" type="button" onClick={links.reload} sx={outlinedLook('primary', true)}>
            {t('retry')}
          </Box>
        </Box>
      ) : count === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="needs-nothing" aria-busy={loading}>
          {loading ? t('needsLoading') : t('needsNothing')}
        </Typography>
      ) : null}
    </Box>
  );
}
