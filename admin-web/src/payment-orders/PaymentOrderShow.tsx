import { CardContent, Grid, Link } from '@mui/material';
import { FunctionField, Labeled, SelectField, Show, TextField, TopToolbar, type RaRecord } from 'react-admin';
import { EPIN_TYPE_CHOICES } from '../epinTypes';
import { Cell, ShowTitle } from '../showLayout';
import { formatBp, formatPaise } from '../money';
import { GATEWAY_CHOICES, ORDER_STATUS_CHOICES, explorerTxUrl } from './choices';
import { RecheckOrderButton, ResolveOrderButton } from './PaymentOrderActions';
import { DateTimeField } from '../fields/DateTimeField';

const money = (source: string) => (record: RaRecord) => formatPaise(record[source]);

/** A USDT payment's hash links to bscscan.com; a UPI order has a UTR instead. */
const TxHash = ({ record }: { record: RaRecord }) => {
  const hash = typeof record.txn_hash === 'string' ? record.txn_hash : '';
  if (!hash) return <span>—</span>;
  if (record.kind !== 'crypto') return <span>{hash}</span>;
  return (
    <Link
      href={explorerTxUrl(hash)}
      target="_blank"
      rel="noreferrer"
      sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}
    >
      {hash}
    </Link>
  );
};

const OrderActions = () => (
  <TopToolbar>
    <RecheckOrderButton />
    <ResolveOrderButton />
  </TopToolbar>
);

/** One gateway order: what was bought, what was asked at the gateway, and how it ended. */
export const PaymentOrderShow = () => (
  <Show actions={<OrderActions />} title={<ShowTitle resource="payment-orders" />}>
    <CardContent>
      <Grid container spacing={2}>
        <Cell>
          <Labeled>
            <TextField source="id" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <SelectField source="kind" choices={GATEWAY_CHOICES} />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <SelectField source="status" choices={ORDER_STATUS_CHOICES} />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="uid" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <SelectField source="epin_type" choices={EPIN_TYPE_CHOICES} emptyText="—" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="qty" emptyText="—" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <FunctionField source="amount_paise" render={money('amount_paise')} />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <FunctionField source="discount_rate_bp" render={(record: RaRecord) => formatBp(record.discount_rate_bp)} />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <FunctionField source="discount_paise" render={money('discount_paise')} />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <FunctionField source="net_paise" render={money('net_paise')} />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <FunctionField
              source="pay_amount"
              render={(record: RaRecord) =>
                record.pay_amount ? `${record.pay_amount} ${record.pay_currency ?? ''}`.trim() : '—'
              }
            />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="pay_address" emptyText="—" sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }} />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="gateway_ref" emptyText="—" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="client_amount" emptyText="—" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <DateTimeField source="created_at" showTime />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <DateTimeField source="opened_at" showTime emptyText="—" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <DateTimeField source="expires_at" showTime emptyText="—" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <DateTimeField source="paid_at" showTime emptyText="—" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <FunctionField source="txn_hash" render={(record: RaRecord) => <TxHash record={record} />} />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="utr" emptyText="—" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="remark" emptyText="—" />
          </Labeled>
        </Cell>
      </Grid>
    </CardContent>
  </Show>
);
