import {
  BooleanInput,
  Edit,
  PasswordInput,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
  required,
  type RaRecord,
} from 'react-admin';
import { ResetTotpButton } from '../totp/ResetTotpButton';
import { passwordLength } from './passwordRule';
import { ROLE_CHOICES } from './roleChoices';
import { useSentForApproval } from '../four-eyes/useSentForApproval';

interface AdminUserUpdate {
  role?: unknown;
  disabled?: boolean;
  password?: string;
}

/**
 * The API forbids unknown fields, so send only {role, disabled, password?}; an empty
 * new-password field keeps the current password.
 */
export function toAdminUserUpdate(data: RaRecord): AdminUserUpdate {
  const update: AdminUserUpdate = { role: data.role, disabled: Boolean(data.disabled) };
  if (typeof data.new_password === 'string' && data.new_password !== '') update.password = data.new_password;
  return update;
}

export const AdminUserEdit = () => {
  // A change of role to superadmin or approver is a role grant: a second superadmin approves it (decision 0034).
  const mutationOptions = useSentForApproval();
  return (
    <Edit
      mutationMode="pessimistic"
      transform={toAdminUserUpdate}
      redirect="list"
      mutationOptions={mutationOptions}
      actions={
        <TopToolbar>
          <ResetTotpButton />
        </TopToolbar>
      }
    >
      <SimpleForm>
        <TextInput source="id" label="resources.admin-users.fields.username" disabled />
        <SelectInput source="role" choices={ROLE_CHOICES} validate={required()} />
        <BooleanInput source="disabled" />
        <PasswordInput
          source="new_password"
          helperText="resources.admin-users.password_help"
          validate={passwordLength}
          autoComplete="new-password"
        />
      </SimpleForm>
    </Edit>
  );
};
