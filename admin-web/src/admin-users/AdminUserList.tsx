import {
  BooleanField,
  CreateButton,
  Datagrid,
  List,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { ROLE_CHOICES } from './roleChoices';
import { DateTimeField } from '../fields/DateTimeField';
import { ResponsiveRows } from '../list/ResponsiveRows';
import { ResetTotpButton } from '../totp/ResetTotpButton';
import { csvExporter } from '../list/csvExporter';

const adminUserFilters = [
  <TextInput key="q" source="q" label="ra.action.search" alwaysOn />,
  <SelectInput key="role" source="role" choices={ROLE_CHOICES} alwaysOn />,
];

export const AdminUserList = () => (
  <List
    exporter={csvExporter}
    filters={adminUserFilters}
    sort={{ field: 'username', order: 'ASC' }}
    actions={
      <TopToolbar>
        <CreateButton />
      </TopToolbar>
    }
  >
    <ResponsiveRows
      primary={<TextField source="id" />}
      status={<SelectField source="role" choices={ROLE_CHOICES} />}
      date="last_login_at"
      rowClick="edit"
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" label="resources.admin-users.fields.username" sortBy="username" />
        <SelectField source="role" choices={ROLE_CHOICES} />
        <BooleanField source="disabled" sortable={false} />
        <DateTimeField source="created_at" showTime />
        <DateTimeField source="last_login_at" showTime />
        <BooleanField source="totp_enabled" sortable={false} />
        <ResetTotpButton />
      </Datagrid>
    </ResponsiveRows>
  </List>
);
