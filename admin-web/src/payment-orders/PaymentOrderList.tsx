import {
  Datagrid,
  ExportButton,
  FunctionField,
  List,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { EPIN_TYPE_CHOICES } from '../epinTypes';
import { formatPaise } from '../money';
import { GATEWAY_CHOICES, ORDER_STATUS_CHOICES } from './choices';
import { DateTimeField } from '../fields/DateTimeField';
import { ResponsiveRows } from '../list/ResponsiveRows';

// Filter names are the API's (kind, status, uid), all exact.
const orderFilters = [
  <SelectInput key="kind" source="kind" choices={GATEWAY_CHOICES} alwaysOn />,
  <SelectInput key="status" source="status" choices={ORDER_STATUS_CHOICES} alwaysOn />,
  <TextInput key="uid" source="uid" alwaysOn resettable />,
];

const OrderListActions = () => (
  <TopToolbar>
    <ExportButton />
  </TopToolbar>
);

/** USDT and UPI gateway orders, newest first; a row opens the order (Resolve for late payments). */
export const PaymentOrderList = () => (
  <List
    empty={false}
    filters={orderFilters}
    sort={{ field: 'created_at', order: 'DESC' }}
    perPage={25}
    actions={<OrderListActions />}
  >
    <ResponsiveRows
      primary={<TextField source="id" />}
      status={<SelectField source="status" choices={ORDER_STATUS_CHOICES} />}
      date="created_at"
      rowClick="show"
    >
      <Datagrid bulkActionButtons={false} rowClick="show">
        <DateTimeField source="created_at" showTime />
        <TextField source="id" sortable={false} />
        <SelectField source="kind" choices={GATEWAY_CHOICES} />
        <TextField source="uid" />
        <SelectField source="epin_type" choices={EPIN_TYPE_CHOICES} sortable={false} />
        <TextField source="qty" sortable={false} />
        <FunctionField
          source="net_paise"
          render={(record: RaRecord) => formatPaise(record.net_paise)}
          sortable={false}
          textAlign="right"
        />
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
      </Datagrid>
    </ResponsiveRows>
  </List>
);
