import {
  BooleanField,
  DatagridConfigurable,
  EmailField,
  ExportButton,
  FunctionField,
  List,
  SelectColumnsButton,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { sponsorOf } from './memberFields';
import { DateTimeField } from '../fields/DateTimeField';
import { ResponsiveRows } from '../list/ResponsiveRows';
import { csvExporter } from '../list/csvExporter';

export const STATUS_CHOICES = [
  { id: 'Active', name: 'resources.members.status.Active' },
  { id: 'Inactive', name: 'resources.members.status.Inactive' },
];

const BLOCKED_CHOICES = [
  { id: 'true', name: 'sahyog.yes' },
  { id: 'false', name: 'sahyog.no' },
];

// The filter JSON carries a real boolean for `blocked` (docs/api-contract.md: true/false).
const parseBlocked = (value: string) => (value === 'true' ? true : value === 'false' ? false : null);
const formatBlocked = (value: unknown) => (value === true || value === false ? String(value) : '');

const memberFilters = [
  <TextInput key="q" source="q" label="resources.members.filters.search" alwaysOn resettable />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
  <SelectInput
    key="blocked"
    source="blocked"
    choices={BLOCKED_CHOICES}
    parse={parseBlocked}
    format={formatBlocked}
    alwaysOn
  />,
];

const MemberListActions = () => (
  <TopToolbar>
    <SelectColumnsButton />
    <ExportButton />
  </TopToolbar>
);

export const MemberList = () => (
  <List
    exporter={csvExporter}
    filters={memberFilters}
    sort={{ field: 'registered_at', order: 'DESC' }}
    perPage={25}
    actions={<MemberListActions />}
  >
    <ResponsiveRows
      primary={<TextField source="id" />}
      status={
        <FunctionField
          render={(record: RaRecord) =>
            `${record.name ?? ''} · ${record.status ?? ''}${record.blocked ? ' · blocked' : ''}`
          }
        />
      }
      date="registered_at"
      rowClick="show"
    >
      <DatagridConfigurable rowClick="show" bulkActionButtons={false}>
        <TextField source="id" label="resources.members.fields.uid" sortBy="uid" />
        <TextField source="name" />
        <TextField source="mobile" sortable={false} />
        <EmailField source="email" sortable={false} />
        <FunctionField source="sponsor" render={sponsorOf} sortBy="sponsor_uid" />
        <TextField source="status" />
        <BooleanField source="blocked" />
        <DateTimeField source="registered_at" showTime />
      </DatagridConfigurable>
    </ResponsiveRows>
  </List>
);
