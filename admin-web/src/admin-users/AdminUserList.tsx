import {
  BooleanField,
  CreateButton,
  Datagrid,
  DateField,
  List,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { ROLE_CHOICES } from './roleChoices';

const adminUserFilters = [
  <TextInput key="q" source="q" label="ra.action.search" alwaysOn />,
  <SelectInput key="role" source="role" choices={ROLE_CHOICES} alwaysOn />,
];

export const AdminUserList = () => (
  <List
    filters={adminUserFilters}
    sort={{ field: 'username', order: 'ASC' }}
    actions={
      <TopToolbar>
        <CreateButton />
      </TopToolbar>
    }
  >
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" label="resources.admin-users.fields.username" sortBy="username" />
      <SelectField source="role" choices={ROLE_CHOICES} />
      <BooleanField source="disabled" sortable={false} />
      <DateField source="created_at" showTime />
      <DateField source="last_login_at" showTime />
    </Datagrid>
  </List>
);
