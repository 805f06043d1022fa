import { Create, PasswordInput, SelectInput, SimpleForm, TextInput, maxLength, minLength, regex, required } from 'react-admin';
import { ROLE_CHOICES } from './roleChoices';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 72;

const validateUsername = [required(), minLength(3), maxLength(50), regex(/^[a-z0-9._-]+$/i, 'Letters, digits, dot, dash and underscore only')];
const validatePassword = [required(), minLength(PASSWORD_MIN_LENGTH), maxLength(PASSWORD_MAX_LENGTH)];

/** The API takes exactly {username, password, role}; the form has no other input. */
export const AdminUserCreate = () => (
  <Create redirect="list">
    <SimpleForm>
      <TextInput source="username" validate={validateUsername} autoComplete="off" />
      <PasswordInput source="password" validate={validatePassword} autoComplete="new-password" />
      <SelectInput source="role" choices={ROLE_CHOICES} validate={required()} />
    </SimpleForm>
  </Create>
);
