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

const STATUS_CHOICES = [
  { id: 'awaiting-approval', name: 'resources.help-requests.status.awaiting-approval' },
  { id: 'closed', name: 'resources.help-requests.status.closed' },
];

// Filter names are the API's: uid, status, epin_type.
const helpRequestFilters = [
  <TextInput key="uid" source="uid" alwaysOn resettable />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
  <SelectInput key="epin_type" source="epin_type" choices={EPIN_TYPE_CHOICES} alwaysOn />,
];

/** Every help request with the top-up it came with; sortable columns are the API's (requested_at, uid, status). */
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
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
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
