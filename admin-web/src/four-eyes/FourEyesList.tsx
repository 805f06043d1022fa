import { FunctionField, SelectField, TextField, type RaRecord } from 'react-admin';
import { DateTimeField } from '../fields/DateTimeField';
import { formatRupees } from '../money';
import { ResponsiveDatagrid } from '../list/ResponsiveRows';
import { RecordList, selectFilter, textFilter } from '../list/listParts';
import { FOUR_EYES_ACTION_CHOICES, FOUR_EYES_STATUS_CHOICES } from './choices';

// Filter names are the API's: status (Pending hides the expired), action, maker, member.
const fourEyesFilters = [
  selectFilter('status', FOUR_EYES_STATUS_CHOICES),
  selectFilter('action', FOUR_EYES_ACTION_CHOICES),
  textFilter('maker'),
  textFilter('member'),
];

/** The money the action creates or releases, or a dash (settings, roles, unlocks). */
export const amount = (record: RaRecord) => (record.amountRupees == null ? '—' : formatRupees(record.amountRupees));

/** Requests waiting for a second admin (the pending ones first shown); a row opens one (Approve / Reject there). */
export const FourEyesList = () => (
  <RecordList
    filters={fourEyesFilters}
    filterDefaultValues={{ status: 'Pending' }}
    sort={{ field: 'requestedAt', order: 'DESC' }}
    exporter={false}
  >
    <ResponsiveDatagrid
      primary={<FunctionField render={(record: RaRecord) => String(record.summary ?? '')} />}
      status={<SelectField source="status" choices={FOUR_EYES_STATUS_CHOICES} />}
      date="requestedAt"
      rowClick="show"
    >
      <DateTimeField source="requestedAt" />
      <SelectField source="action" choices={FOUR_EYES_ACTION_CHOICES} />
      <TextField source="maker" />
      <TextField source="member" sortable={false} emptyText="—" />
      <FunctionField source="amountRupees" textAlign="right" sortable={false} render={amount} />
      <TextField source="summary" sortable={false} />
      <SelectField source="status" choices={FOUR_EYES_STATUS_CHOICES} />
      <TextField source="checker" sortable={false} emptyText="—" />
    </ResponsiveDatagrid>
  </RecordList>
);
