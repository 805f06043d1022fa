import {
  Datagrid,
  FunctionField,
  List,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { DateTimeField } from '../fields/DateTimeField';
import { RupeesField } from '../fields/RupeesField';
import { ResponsiveRows } from '../list/ResponsiveRows';
import { formatRupees } from '../money';
import { WITHDRAWAL_STATUS_CHOICES } from './choices';

// Filter names are the API's: member (a member id), status.
const withdrawalFilters = [
  <TextInput key="member" source="member" alwaysOn resettable />,
  <SelectInput key="status" source="status" choices={WITHDRAWAL_STATUS_CHOICES} alwaysOn />,
];

/** Members' withdrawals, newest first; a row opens one (Approve / Reject there while Requested). */
export const WithdrawalList = () => (
  <List
    empty={false}
    filters={withdrawalFilters}
    sort={{ field: 'requestedAt', order: 'DESC' }}
    perPage={25}
    exporter={false}
  >
    <ResponsiveRows
      primary={
        <FunctionField
          render={(record: RaRecord) => `${String(record.member ?? '')} · ${formatRupees(record.amountRupees)}`}
        />
      }
      status={<SelectField source="status" choices={WITHDRAWAL_STATUS_CHOICES} />}
      date="requestedAt"
      rowClick="show"
    >
      <Datagrid bulkActionButtons={false} rowClick="show">
        <DateTimeField source="requestedAt" />
        <TextField source="id" sortable={false} sx={{ fontFamily: 'monospace', fontSize: 12 }} />
        <TextField source="member" sortable={false} />
        <RupeesField source="amountRupees" textAlign="right" />
        <RupeesField source="chargeRupees" textAlign="right" sortable={false} />
        <RupeesField source="payoutRupees" textAlign="right" sortable={false} />
        <SelectField source="status" choices={WITHDRAWAL_STATUS_CHOICES} />
        <DateTimeField source="decidedAt" sortable={false} emptyText="—" />
        <DateTimeField source="paidAt" sortable={false} emptyText="—" />
      </Datagrid>
    </ResponsiveRows>
  </List>
);
