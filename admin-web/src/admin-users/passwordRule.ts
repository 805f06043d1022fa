import { maxLength, minLength } from 'react-admin';

/** The API's admin password policy: at least 12 characters, not a common password (checked by the API; decision 0032). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 100;

/** The API's length rule for an admin's password, on the create form and on a new password in the edit form. */
export const passwordLength = [minLength(PASSWORD_MIN_LENGTH), maxLength(PASSWORD_MAX_LENGTH)];
