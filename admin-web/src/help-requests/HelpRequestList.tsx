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
import { EPIN_TYPE_CHOICES } from '../epinTypes';
import { formatPaise } from '../money';
import { DateTimeField } from '../fields/DateTimeField';
import { ResponsiveRows } from '../list/ResponsiveRows';
import { HELP_REQUEST_STATUS_CHOICES } from './choices';

const STATUS_CHOICES = HELP_REQUEST_STATUS_CHOICES;

// Filter names are the API's: member (a member id), status, epin_type.
const helpRequestFilters = [
  <TextInput key="member" source="member" alwaysOn resettable />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
  <SelectInput key="epin_type" source="epin_type" choices={EPIN_TYPE_CHOICES} alwaysOn />,
];

/** Every help request with the top-up it came with; a row opens it (Approve / Reject there); sortable columns are the API's (requested_at, uid, status). */
export const HelpRequestList = () => (
  <List
    empty={false}
    filters={helpRequestFilters}
    sort={{ field: 'requested_at', order: 'DESC' }}
    perPage={25}
    exporter={false}
  >
    <ResponsiveRows
      primary={<TextField source="id" />}
      status={<SelectField source="status" choices={STATUS_CHOICES} />}
      date="requested_at"
      rowClick="show"
    >
      <Datagrid bulkActionButtons={false} rowClick="show">
        <DateTimeField source="requested_at" showTime />
        <TextField source="uid" />
        <SelectField source="epin_type" choices={EPIN_TYPE_CHOICES} sortable={false} />
        <FunctionField
          source="tier_paise"
          render={(record: RaRecord) => formatPaise(record.tier_paise)}
          sortable={false}
          textAlign="right"
        />
        <TextField source="kind" sortable={false} />
        <SelectField source="status" choices={STATUS_CHOICES} />
        <TextField source="topup_position" sortable={false} />
        <TextField source="id" sortable={false} sx={{ fontFamily: 'monospace', fontSize: 12 }} />
      </Datagrid>
    </ResponsiveRows>
  </List>
);
