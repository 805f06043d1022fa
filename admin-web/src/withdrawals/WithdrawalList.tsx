import { FunctionField, SelectField, TextField, type RaRecord } from 'react-admin';
import { DateTimeField } from '../fields/DateTimeField';
import { RupeesField } from '../fields/RupeesField';
import { ResponsiveDatagrid } from '../list/ResponsiveRows';
import { RecordList, selectFilter, textFilter } from '../list/listParts';
import { formatRupees } from '../money';
import { WITHDRAWAL_STATUS_CHOICES } from './choices';

// Filter names are the API's: member (a member id), status.
const withdrawalFilters = [textFilter('member'), selectFilter('status', WITHDRAWAL_STATUS_CHOICES)];

/** Members' withdrawals, newest first; a row opens one (Approve / Reject there while Requested). */
export const WithdrawalList = () => (
  <RecordList filters={withdrawalFilters} sort={{ field: 'requestedAt', order: 'DESC' }} exporter={false}>
    <ResponsiveDatagrid
      primary={
        <FunctionField
          render={(record: RaRecord) => `${String(record.member ?? '')} · ${formatRupees(record.amountRupees)}`}
        />
      }
      status={<SelectField source="status" choices={WITHDRAWAL_STATUS_CHOICES} />}
      date="requestedAt"
      rowClick="show"
    >
      <DateTimeField source="requestedAt" />
      <TextField source="id" sortable={false} sx={{ fontFamily: 'monospace', fontSize: 12 }} />
      <TextField source="member" sortable={false} />
      <RupeesField source="amountRupees" textAlign="right" />
      <RupeesField source="chargeRupees" textAlign="right" sortable={false} />
      <RupeesField source="payoutRupees" textAlign="right" sortable={false} />
      <SelectField source="status" choices={WITHDRAWAL_STATUS_CHOICES} />
      <DateTimeField source="decidedAt" sortable={false} emptyText="—" />
      <DateTimeField source="paidAt" sortable={false} emptyText="—" />
    </ResponsiveDatagrid>
  </RecordList>
);
