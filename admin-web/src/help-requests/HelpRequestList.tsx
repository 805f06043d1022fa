import { FunctionField, SelectField, TextField, type RaRecord } from 'react-admin';
import { EPIN_TYPE_CHOICES } from '../epinTypes';
import { DateTimeField } from '../fields/DateTimeField';
import { formatPaise } from '../money';
import { ResponsiveDatagrid } from '../list/ResponsiveRows';
import { RecordList, paiseColumn, selectFilter, textFilter } from '../list/listParts';
import { HELP_REQUEST_STATUS_CHOICES } from './choices';

const STATUS_CHOICES = HELP_REQUEST_STATUS_CHOICES;

// Filter names are the API's: member (a member id), status, epin_type.
const helpRequestFilters = [
  textFilter('member'),
  selectFilter('status', STATUS_CHOICES),
  selectFilter('epin_type', EPIN_TYPE_CHOICES),
];

/** Every help request with the top-up it came with; a row opens it (Approve / Reject there); sortable columns are the API's (requested_at, uid, status). */
export const HelpRequestList = () => (
  <RecordList filters={helpRequestFilters} sort={{ field: 'requested_at', order: 'DESC' }} exporter={false}>
    <ResponsiveDatagrid
      primary={
        <FunctionField
          render={(record: RaRecord) => `${String(record.uid ?? '')} · ${formatPaise(record.tier_paise)}`}
        />
      }
      status={<SelectField source="status" choices={STATUS_CHOICES} />}
      date="requested_at"
      rowClick="show"
    >
      <DateTimeField source="requested_at" showTime />
      <TextField source="uid" />
      <SelectField source="epin_type" choices={EPIN_TYPE_CHOICES} sortable={false} />
      {paiseColumn('tier_paise')}
      <TextField source="kind" sortable={false} />
      <SelectField source="status" choices={STATUS_CHOICES} />
      <TextField source="topup_position" sortable={false} />
      <TextField source="id" sortable={false} sx={{ fontFamily: 'monospace', fontSize: 12 }} />
    </ResponsiveDatagrid>
  </RecordList>
);
