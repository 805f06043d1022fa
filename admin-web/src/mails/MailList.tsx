import { Datagrid, List, TextField, TextInput } from 'react-admin';
import { DateTimeField } from '../fields/DateTimeField';
import { ResponsiveRows } from '../list/ResponsiveRows';
import { csvExporter } from '../list/csvExporter';

const mailFilters = [<TextInput key="to" source="to" alwaysOn />];

/** The development mail catcher: every mail the API would have sent over SMTP. */
export const MailList = () => (
  <List exporter={csvExporter} filters={mailFilters} sort={{ field: 'id', order: 'DESC' }}>
    <ResponsiveRows
      primary={<TextField source="subject" />}
      status={<TextField source="to" />}
      date="created_at"
      rowClick="show"
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="to" />
        <TextField source="subject" sortable={false} />
        <DateTimeField source="created_at" showTime />
      </Datagrid>
    </ResponsiveRows>
  </List>
);
