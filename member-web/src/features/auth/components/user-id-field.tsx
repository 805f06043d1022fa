import { useTranslation } from 'react-i18next';
import { PlainField } from '../../../components/ui/plain-field';

/** A member id is six digits (spec §2: login and forgot password). */
const USER_ID_MAX = 6;

interface Props {
  value: string;
  /** The error shown under the field, if any (also in the toast). */
  error?: string | undefined;
  autoComplete?: string;
  /** Digits only, at most six; called with the cleaned value. */
  onChange: (value: string) => void;
}

/**
 * The User Id field of the login and forgot-password forms: digits only, numeric keyboard on phones.
 * A plain input with TextField's look (components/ui/plain-field.tsx): /login's first load (decision 0030).
 */
export function UserIdField({ value, error, autoComplete, onChange }: Props) {
  const { t } = useTranslation('auth');
  return (
    <PlainField
      label={t('userId')}
      name="uid"
      type="text"
      value={value}
      autoComplete={autoComplete}
      error={error}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, USER_ID_MAX))}
      maxLength={USER_ID_MAX}
      inputMode="numeric"
    />
  );
}
