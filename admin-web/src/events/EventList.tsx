import {
  Datagrid,
  FunctionField,
  List,
  NumberField,
  TextField,
  TextInput,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { VerifyLedgerLink } from '../ledger/VerifyLedgerLink';
import { DateTimeField } from '../fields/DateTimeField';
import { ResponsiveRows } from '../list/ResponsiveRows';
import { csvExporter } from '../list/csvExporter';

const eventFilters = [
  <TextInput key="stream_id" source="stream_id" alwaysOn />,
  <TextInput key="type" source="type" alwaysOn />,
];

const HASH_PREFIX_LENGTH = 12;

const shortHash = (record: RaRecord) =>
  typeof record.hash === 'string' && record.hash.length > HASH_PREFIX_LENGTH
    ? `${record.hash.slice(0, HASH_PREFIX_LENGTH)}…`
    : record.hash;

/** Read-only: the ledger is append-only, so there is nothing to edit or delete here. */
export const EventList = () => (
  <List
    exporter={csvExporter}
    filters={eventFilters}
    sort={{ field: 'id', order: 'DESC' }}
    perPage={50}
    actions={
      <TopToolbar>
        <VerifyLedgerLink />
      </TopToolbar>
    }
  >
    <ResponsiveRows
      primary={<FunctionField render={(record: RaRecord) => `#${record.id} ${record.type ?? ''}`} />}
      status={<TextField source="stream_id" />}
      date="recorded_at"
      rowClick="show"
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="id" label="resources.events.fields.position" sortable />
        <TextField source="stream_id" />
        <NumberField source="stream_version" sortable={false} />
        <TextField source="type" />
        <DateTimeField source="recorded_at" showTime />
        <FunctionField source="hash" render={shortHash} sortable={false} />
      </Datagrid>
    </ResponsiveRows>
  </List>
);
