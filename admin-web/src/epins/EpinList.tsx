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
import { EpinIssueButton } from './EpinIssueDialog';
import { DateTimeField } from '../fields/DateTimeField';
import { ResponsiveRows } from '../list/ResponsiveRows';

const STATUS_CHOICES = [
  { id: 'unused', name: 'resources.epins.status.unused' },
  { id: 'used', name: 'resources.epins.status.used' },
];

const SOURCE_CHOICES = [
  { id: 'admin', name: 'resources.epins.source_kind.admin' },
  { id: 'request', name: 'resources.epins.source_kind.request' },
  { id: 'order', name: 'resources.epins.source_kind.order' },
];

// Filter names are the API's (owner, type, status, source_kind, q = number contains).
const epinFilters = [
  <TextInput key="q" source="q" label="resources.epins.filters.search" alwaysOn resettable />,
  <TextInput key="owner" source="owner" alwaysOn resettable />,
  <SelectInput key="type" source="type" choices={EPIN_TYPE_CHOICES} alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
  <SelectInput key="source_kind" source="source_kind" choices={SOURCE_CHOICES} alwaysOn />,
];

const EpinListActions = () => (
  <TopToolbar>
    <EpinIssueButton />
    <ExportButton />
  </TopToolbar>
);

/** Every e-pin with its owner and use; sortable columns are the API's sort list. */
export const EpinList = () => (
  <List
    empty={false}
    filters={epinFilters}
    sort={{ field: 'issued_at', order: 'DESC' }}
    perPage={25}
    actions={<EpinListActions />}
  >
    <ResponsiveRows
      primary={<TextField source="number" sx={{ fontFamily: 'monospace' }} />}
      status={<SelectField source="status" choices={STATUS_CHOICES} />}
      date="issued_at"
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="number" sx={{ fontFamily: 'monospace' }} />
        <SelectField source="type" choices={EPIN_TYPE_CHOICES} />
        <FunctionField
          source="value_paise"
          render={(record: RaRecord) => formatPaise(record.value_paise)}
          sortable={false}
          textAlign="right"
        />
        <TextField source="owner_uid" />
        <SelectField source="status" choices={STATUS_CHOICES} />
        <DateTimeField source="issued_at" showTime />
        <DateTimeField source="received_at" showTime />
        <TextField source="used_for" sortable={false} />
        <DateTimeField source="used_at" showTime />
        <SelectField source="source_kind" choices={SOURCE_CHOICES} sortable={false} />
        <TextField source="source_ref" sortable={false} />
      </Datagrid>
    </ResponsiveRows>
  </List>
);
