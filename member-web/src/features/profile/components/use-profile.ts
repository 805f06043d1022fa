import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ForcedLogoutError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useLoadOnOpen } from '../../../lib/use-rows';
import { CHECKS_LOCKED, fetchUserInformation, updateProfile, type UserInformation } from '../api/profile-api';

export type InfoLoad = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; info: UserInformation };

/** UserInformation, read once when the screen opens (and on reload). */
export function useUserInformation(): { load: InfoLoad; reload: () => void } {
  return useLoadOnOpen<UserInformation | null, InfoLoad>(fetchUserInformation, 'user-information', 'UserInformation', {
    initial: { state: 'loading' },
    loading: () => ({ state: 'loading' }),
    ready: (info) => (info ? { state: 'ready', info } : { state: 'failed' }),
    failed: { state: 'failed' },
  });
}

/**
 * One UpdateProfile save: 'Processing..' and disabled while in flight; the success text is a
 * success toast (then `onDone`), any other text an error toast (spec §8).
 */
export function useProfileSave(type: string, success: string, onDone: () => void) {
  const { t } = useTranslation('profile');
  const [busy, setBusy] = useState(false);
  async function save(fields: Record<string, string>) {
    if (busy) return;
    setBusy(true);
    try {
      const { text: result, code } = await updateProfile(type, fields);
      if (result === success) {
        notifySuccess(result);
        onDone();
      } else if (code === CHECKS_LOCKED) {
        // The server's English names the minutes; a Hindi reader gets the catalogue's words with them.
        notifyError(t('checksLocked', { minutes: /\d+/.exec(result)?.[0] ?? '15' }));
      } else notifyError(result || t('failed'));
    } catch (failure) {
      if (failure instanceof ForcedLogoutError) return;
      console.error(`UpdateProfile ${type} failed`, failure);
      notifyError(t('failed'));
    } finally {
      setBusy(false);
    }
  }
  return { busy, save };
}

export type FieldError = { field: string; message: string } | null;

/** A field's MUI error props: red with the message under it when it is the failed one. */
export const errorProps = (error: FieldError, field: string) => ({
  error: error?.field === field,
  helperText: error?.field === field ? error.message : undefined,
});

/** The first failed check of a form, shown under its field and as an error toast; null when all pass. */
export function firstProblem(checks: ReadonlyArray<readonly [field: string, failed: boolean, message: string]>) {
  const found = checks.find(([, failed]) => failed);
  if (!found) return null;
  notifyError(found[2]);
  return { field: found[0], message: found[2] };
}
