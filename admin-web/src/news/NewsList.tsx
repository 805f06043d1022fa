import { Box } from '@mui/material';
import {
  Datagrid,
  EditButton,
  FunctionField,
  SelectInput,
  TextField,
  useResourceDefinition,
  type RaRecord,
} from 'react-admin';
import { DateTimeField } from '../fields/DateTimeField';
import { ResponsiveRows } from '../list/ResponsiveRows';
import { CreateActions, OffFlagChip, offFlagChoices, RecordList, textFilter } from '../list/listParts';

const HIDDEN_CHOICES = offFlagChoices('resources.news.shown', 'resources.news.hidden');

// Filter names are the API's: hidden ('true' / 'false'), q (the text contains).
const newsFilters = [
  <SelectInput key="hidden" source="hidden" label="resources.news.fields.state" choices={HIDDEN_CHOICES} alwaysOn />,
  textFilter('q', 'resources.news.filters.q'),
];

const VisibilityChip = ({ record }: { record: RaRecord }) => (
  <OffFlagChip record={record} flag="hidden" on="resources.news.shown" off="resources.news.hidden" />
);

const clip = (text: unknown) => {
  const value = String(text ?? '');
  return value.length > 120 ? `${value.slice(0, 119)}…` : value;
};

/** News for members, newest first; approver gets Create and Edit (hide / show there). No Delete: news are events. */
export const NewsList = () => {
  const { hasEdit } = useResourceDefinition();
  return (
    <RecordList
      filters={newsFilters}
      sort={{ field: 'publishedAt', order: 'DESC' }}
      actions={<CreateActions />}
      exporter={false}
    >
      <ResponsiveRows
        primary={<FunctionField render={(record: RaRecord) => clip(record.content)} />}
        status={<FunctionField render={(record: RaRecord) => <VisibilityChip record={record} />} />}
        date="publishedAt"
        rowClick={hasEdit ? 'edit' : false}
      >
        <Datagrid bulkActionButtons={false} rowClick={hasEdit ? 'edit' : false}>
          <DateTimeField source="publishedAt" />
          <FunctionField
            source="content"
            sortable={false}
            render={(record: RaRecord) => <Box sx={{ whiteSpace: 'pre-line' }}>{clip(record.content)}</Box>}
          />
          <FunctionField
            source="hidden"
            sortable={false}
            render={(record: RaRecord) => <VisibilityChip record={record} />}
          />
          <TextField source="publishedBy" sortable={false} />
          <DateTimeField source="updatedAt" />
          <TextField source="updatedBy" sortable={false} />
          {hasEdit ? <EditButton /> : null}
        </Datagrid>
      </ResponsiveRows>
    </RecordList>
  );
};
