import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { isSentForSecondApproval } from './dataProvider';

/** The API's message of a refused call (fetchJson's HttpError carries the body's `message`). */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'ra.notification.http_error';
}

/**
 * Runs one admin action the same way everywhere: `busy` while the call is in flight, the page
 * refreshed after it succeeds (unless told not to), and the API's reason — a 400, 403 or 409 —
 * shown as an error when it fails. `work` reports its own success. A four-eyes action answered 202
 * (decision 0034) is no error: "Sent for a second approval" is shown, and `onSent` runs (e.g. closes the dialog).
 */
export function useAdminAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = async (
    work: () => Promise<void>,
    options: { refresh?: boolean; onSent?: () => void } = {},
  ): Promise<void> => {
    setBusy(true);
    try {
      await work();
      if (options.refresh !== false) refresh();
    } catch (error) {
      if (isSentForSecondApproval(error)) {
        notify('sahyog.four_eyes.sent', { type: 'info' });
        options.onSent?.();
        refresh();
        return;
      }
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run, notify };
}
