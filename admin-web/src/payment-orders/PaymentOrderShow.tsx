import { CardContent, Grid, Link } from '@mui/material';
import { FunctionField, Labeled, SelectField, Show, TextField, TopToolbar, type RaRecord } from 'react-admin';
import { EPIN_TYPE_CHOICES } from '../epinTypes';
import { Cell, PriceCells, ShowTitle, TextCells, WhenCells } from '../showLayout';
import { GATEWAY_CHOICES, ORDER_STATUS_CHOICES, explorerTxUrl } from './choices';
import { RecheckOrderButton, ResolveOrderButton } from './PaymentOrderActions';

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

/** One gateway order: what was bought, what was asked at the gateway, and how it ended. */
export const PaymentOrderShow = () => (
  <Show
    actions={
      <TopToolbar>
        <RecheckOrderButton />
        <ResolveOrderButton />
      </TopToolbar>
    }
    title={<ShowTitle resource="payment-orders" />}
  >
    <CardContent>
      <Grid container spacing={2}>
        <TextCells sources={['id']} />
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
        <TextCells sources={['uid']} />
        <Cell>
          <Labeled>
            <SelectField source="epin_type" choices={EPIN_TYPE_CHOICES} emptyText="—" />
          </Labeled>
        </Cell>
        <TextCells sources={['qty']} emptyText="—" />
        <PriceCells />
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
        <TextCells sources={['gateway_ref', 'client_amount']} emptyText="—" />
        <WhenCells sources={['created_at']} />
        <WhenCells sources={['opened_at', 'expires_at', 'paid_at']} emptyText="—" />
        <Cell>
          <Labeled>
            <FunctionField source="txn_hash" render={(record: RaRecord) => <TxHash record={record} />} />
          </Labeled>
        </Cell>
        <TextCells sources={['utr', 'remark']} emptyText="—" />
      </Grid>
    </CardContent>
  </Show>
);
