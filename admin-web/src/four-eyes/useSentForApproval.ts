import { useNotify, useRedirect, useResourceContext } from 'react-admin';
import { isSentForSecondApproval } from '../dataProvider';
import { errorMessage } from '../useAdminAction';

/**
 * `mutationOptions` of a Create / Edit whose save may be a four-eyes action (a setting, a superadmin or
 * approver grant, decision 0034): its 202 shows "Sent for a second approval" and goes back to the list;
 * any other refusal shows the API's reason as an error, as react-admin would.
 */
export function useSentForApproval() {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return {
    onError: (error: unknown) => {
      if (isSentForSecondApproval(error)) {
        notify('sahyog.four_eyes.sent', { type: 'info' });
        redirect('list', resource);
        return;
      }
      notify(errorMessage(error), { type: 'error' });
    },
  };
}
