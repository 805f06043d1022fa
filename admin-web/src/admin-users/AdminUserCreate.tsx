import { Create, PasswordInput, SelectInput, SimpleForm, TextInput, regex, required } from 'react-admin';
import { passwordLength } from './passwordRule';
import { ROLE_CHOICES } from './roleChoices';
import { useSentForApproval } from '../four-eyes/useSentForApproval';

// The API's rule for usernames, checked here first so the form explains it before the 400.
const validateUsername = [required(), regex(/^[a-z][a-z0-9_.-]{2,39}$/, 'resources.admin-users.username_rule')];
const validatePassword = [required(), ...passwordLength];

/** The API takes exactly {username, password, role}; the form has no other input. */
export const AdminUserCreate = () => {
  // A superadmin or approver is a role grant: a second superadmin approves it (decision 0034).
  const mutationOptions = useSentForApproval();
  return (
    <Create redirect="list" mutationOptions={mutationOptions}>
      <SimpleForm>
        <TextInput source="username" validate={validateUsername} autoComplete="off" />
        <PasswordInput source="password" validate={validatePassword} autoComplete="new-password" />
        <SelectInput source="role" choices={ROLE_CHOICES} validate={required()} />
      </SimpleForm>
    </Create>
  );
};
