import { ExportButton, SelectField, TextField, TopToolbar } from 'react-admin';
import { EPIN_TYPE_CHOICES } from '../epinTypes';
import { EpinIssueButton } from './EpinIssueDialog';
import { DateTimeField } from '../fields/DateTimeField';
import { ResponsiveDatagrid } from '../list/ResponsiveRows';
import { RecordList, paiseColumn, selectFilter, textFilter } from '../list/listParts';

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
  textFilter('q', 'resources.epins.filters.search'),
  textFilter('owner'),
  selectFilter('type', EPIN_TYPE_CHOICES),
  selectFilter('status', STATUS_CHOICES),
  selectFilter('source_kind', SOURCE_CHOICES),
];

const EpinListActions = () => (
  <TopToolbar>
    <EpinIssueButton />
    <ExportButton />
  </TopToolbar>
);

/** Every e-pin with its owner and use; sortable columns are the API's sort list. */
export const EpinList = () => (
  <RecordList filters={epinFilters} sort={{ field: 'issued_at', order: 'DESC' }} actions={<EpinListActions />}>
    <ResponsiveDatagrid
      primary={<TextField source="number" sx={{ fontFamily: 'monospace' }} />}
      status={<SelectField source="status" choices={STATUS_CHOICES} />}
      date="issued_at"
    >
      <TextField source="number" sx={{ fontFamily: 'monospace' }} />
      <SelectField source="type" choices={EPIN_TYPE_CHOICES} />
      {paiseColumn('value_paise')}
      <TextField source="owner_uid" />
      <SelectField source="status" choices={STATUS_CHOICES} />
      <DateTimeField source="issued_at" showTime />
      <TextField source="used_for" sortable={false} />
      <DateTimeField source="used_at" showTime />
      <SelectField source="source_kind" choices={SOURCE_CHOICES} sortable={false} />
    </ResponsiveDatagrid>
  </RecordList>
);
