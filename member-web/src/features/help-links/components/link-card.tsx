import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { StatusText } from '../../../components/ui/status-text';
import { formatDateTime } from '../../../lib/format-date';
import { formatAmount } from '../../../lib/money';
import { statusColor, PENDING, type HelpLink } from '../api/types';
import { LinkCountdown } from './link-countdown';

export type Side = 'PH' | 'GH';

/** The link amount in USDT: INR / 90, two decimals (spec §1, §9). */
/** The server's `Link_Amount_USDT` (at its USDT rate setting) when sent, else INR / 90. */
export function usdtOf(rupees: string, serverUsdt = ''): string {
  if (/^\d+(\.\d{1,2})?$/.test(serverUsdt)) return `${serverUsdt} USDT`;
  return `${formatAmount(rupees, 'USD').replace('$', '')} USDT`;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography variant="body2" color="text.secondary" component="span">
        {label}
      </Typography>
      <Typography variant="body2" component="span" sx={{ textAlign: 'right', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * One help link as a card (dashboard logs, pending lists): amount, amount in USDT, counterparty (pay-to
 * id on PH, from id on GH), name, mobile, allotment time, status, order id, a Pending PH link's 'Link
 * Expire in' countdown, and View to its detail screen.
 */
export function LinkCard({
  link,
  side,
  serverDate,
  deadline = link.ddd,
}: {
  link: HelpLink;
  side: Side;
  serverDate: number | null;
  /** The PH link's expiry (ISO); its `ddd` unless the caller knows better. */
  deadline?: string;
}) {
  const { t } = useTranslation('help-links');
  const status = side === 'PH' ? link.paidst : link.sidapprovest;
  return (
    <Card
      variant="outlined"
      data-testid={`${side.toLowerCase()}-card`}
      component="article"
      aria-label={`${side} ${link.id}`}
    >
      <CardContent sx={{ pb: 0 }}>
        <Field label={t('linkAmount')}>
          <strong>{formatAmount(link.amount, 'INR')}</strong>
        </Field>
        <Field label={t('amountUsdt')}>{usdtOf(link.amount, link.amountUsdt)}</Field>
        {side === 'PH' ? (
          <Field label={t('payTo')}>{link.uid}</Field>
        ) : (
          <Field label={t('fromId')}>{link.fromid}</Field>
        )}
        <Field label={t('name')}>{link.name}</Field>
        <Field label={t('mobile')}>{link.mobile || '—'}</Field>
        <Field label={t('allotmentTime')}>{formatDateTime(link.dd || link.ed)}</Field>
        <Field label={t('status')}>
          <StatusText status={status} color={statusColor(status)} testId="link-status" />
        </Field>
        <Field label={t('orderId')}>{link.id}</Field>
        {/* The deadline binds only a Pending link: once paid (or disputed) nothing expires. */}
        {side === 'PH' && deadline && status === PENDING ? (
          <Field label={t('linkExpireIn')}>
            <LinkCountdown deadline={deadline} serverDate={serverDate} />
          </Field>
        ) : null}
      </CardContent>
      <CardActions>
        <Button
          variant="contained"
          size="small"
          component={RouterLink}
          to={`/${side}RecivePaymentId/${encodeURIComponent(link.id)}`}
          aria-label={t('viewOrder', { id: link.id })}
        >
          {t('view')}
        </Button>
      </CardActions>
    </Card>
  );
}
