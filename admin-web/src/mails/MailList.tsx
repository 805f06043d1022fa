import { Datagrid, DateField, List, TextField, TextInput } from 'react-admin';

const mailFilters = [<TextInput key="to" source="to" alwaysOn />];

/** The development mail catcher: every mail the API would have sent over SMTP. */
export const MailList = () => (
  <List filters={mailFilters} sort={{ field: 'id', order: 'DESC' }}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="to" />
      <TextField source="subject" sortable={false} />
      <DateField source="created_at" showTime />
    </Datagrid>
  </List>
);
