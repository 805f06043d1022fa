import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  TextField,
  TextInput,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { VerifyLedgerLink } from '../ledger/VerifyLedgerLink';

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
    filters={eventFilters}
    sort={{ field: 'id', order: 'DESC' }}
    perPage={50}
    actions={
      <TopToolbar>
        <VerifyLedgerLink />
      </TopToolbar>
    }
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="id" label="resources.events.fields.position" sortable />
      <TextField source="stream_id" />
      <NumberField source="stream_version" sortable={false} />
      <TextField source="type" />
      <DateField source="recorded_at" showTime />
      <FunctionField source="hash" render={shortHash} sortable={false} />
    </Datagrid>
  </List>
);
