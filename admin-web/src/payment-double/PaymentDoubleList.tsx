import { Alert } from '@mui/material';
import { Datagrid, FunctionField, List, TextField, TopToolbar, useTranslate, type RaRecord } from 'react-admin';
import { ExpireButton, MarkPaidButton } from './PaymentDoubleActions';
import { DateTimeField } from '../fields/DateTimeField';
import { ResponsiveRows } from '../list/ResponsiveRows';

const DoubleIntro = () => {
  const translate = useTranslate();
  return (
    <Alert severity="info" sx={{ mb: 1 }} data-testid="payment-double-intro">
      {translate('resources.payment-double.intro')}
    </Alert>
  );
};

/**
 * The local gateway double's orders (GET /admin-api/payment-double/orders, newest first), with
 * "Mark paid" and "Expire" on each row, so a person or a browser test can finish a member's UPI or
 * USDT purchase without a real gateway. The API sorts by creation only and filters nothing.
 */
export const PaymentDoubleList = () => (
  <List
    empty={false}
    sort={{ field: 'created_at', order: 'DESC' }}
    perPage={25}
    exporter={false}
    actions={<TopToolbar />}
    title="resources.payment-double.name"
  >
    <DoubleIntro />
    <ResponsiveRows
      primary={<TextField source="id" />}
      status={<TextField source="status" />}
      date="created_at"
      actions={
        <>
          <MarkPaidButton />
          <ExpireButton />
        </>
      }
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="id" sortable={false} />
        <FunctionField
          source="kind"
          sortable={false}
          render={(record: RaRecord) =>
            record.kind === 'crypto' ? 'USDT' : record.kind === 'upi' ? 'UPI' : String(record.kind ?? '')
          }
        />
        <FunctionField
          source="pay_amount"
          sortable={false}
          render={(record: RaRecord) => `${record.pay_amount ?? ''} ${record.pay_currency ?? ''}`.trim()}
        />
        <TextField source="pay_address" sortable={false} sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} />
        <TextField source="status" sortable={false} />
        <DateTimeField source="created_at" showTime />
        <DateTimeField source="paid_at" showTime sortable={false} emptyText="—" />
        <FunctionField
          source="txn_hash"
          sortable={false}
          render={(record: RaRecord) => record.txn_hash ?? record.utr ?? '—'}
        />
        <MarkPaidButton />
        <ExpireButton />
      </Datagrid>
    </ResponsiveRows>
  </List>
);
