import { FunctionField, SelectField, TextField, type RaRecord } from 'react-admin';
import { EPIN_TYPE_CHOICES } from '../epinTypes';
import { GATEWAY_CHOICES, ORDER_STATUS_CHOICES } from './choices';
import { DateTimeField } from '../fields/DateTimeField';
import { formatPaise } from '../money';
import { ResponsiveDatagrid } from '../list/ResponsiveRows';
import { ExportActions, RecordList, paiseColumn, selectFilter, textFilter } from '../list/listParts';

// Filter names are the API's (kind, status, uid), all exact.
const orderFilters = [
  selectFilter('kind', GATEWAY_CHOICES),
  selectFilter('status', ORDER_STATUS_CHOICES),
  textFilter('uid'),
];

/** USDT and UPI gateway orders, newest first; a row opens the order (Resolve for late payments). */
export const PaymentOrderList = () => (
  <RecordList filters={orderFilters} sort={{ field: 'created_at', order: 'DESC' }} actions={<ExportActions />}>
    <ResponsiveDatagrid
      primary={
        <FunctionField
          render={(record: RaRecord) =>
            `${String(record.uid ?? '')} · ${formatPaise(record.net_paise)}` +
            (record.utr ? ` · UTR ${String(record.utr)}` : '')
          }
        />
      }
      status={<SelectField source="status" choices={ORDER_STATUS_CHOICES} />}
      date="created_at"
      rowClick="show"
    >
      <DateTimeField source="created_at" showTime />
      <TextField source="id" sortable={false} />
      <SelectField source="kind" choices={GATEWAY_CHOICES} />
      <TextField source="uid" />
      <SelectField source="epin_type" choices={EPIN_TYPE_CHOICES} sortable={false} />
      <TextField source="qty" sortable={false} />
      {paiseColumn('net_paise')}
      <FunctionField
        source="pay_amount"
        render={(record: RaRecord) =>
          record.pay_amount ? `${record.pay_amount} ${record.pay_currency ?? ''}`.trim() : ''
        }
        sortable={false}
        textAlign="right"
      />
      <SelectField source="status" choices={ORDER_STATUS_CHOICES} />
      <DateTimeField source="paid_at" showTime />
    </ResponsiveDatagrid>
  </RecordList>
);
