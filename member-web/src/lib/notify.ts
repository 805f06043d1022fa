import { createElement } from 'react';
import { toast } from 'react-toastify';
import { serverText } from './server-text';

/**
 * Screens take `serverText` from here, for the server's words they show under a field or in a
 * panel (not only in toasts): one module for what the member is told, which also keeps the catalogue
 * code inside this module's chunk (imported from many pages directly, it would be split out and
 * every route's preload list would grow).
 */
export { serverText };

/** Spec §8: errors stay 4 s, successes 2 s; the container shows at most 20 at once. */
export const ERROR_AUTO_CLOSE_MS = 4000;
export const SUCCESS_AUTO_CLOSE_MS = 2000;
export const TOAST_LIMIT = 20;

/**
 * A success never stands beside a stale error (issue 20: "Invalid User Id or Password" beside "Login
 * successful!"): it clears the error toasts still shown. Errors keep the spec's stacking (at most 20).
 * Server texts are shown in the member's language (lib/server-text.ts); the screen's own texts pass
 * unchanged.
 */
/** The error toasts raised through notifyError still possibly on screen (a success clears them). */
let errorsShown: Array<string | number> = [];

export function notifyError(message: string): void {
  errorsShown.push(toast.error(serverText(message), { autoClose: ERROR_AUTO_CLOSE_MS }));
}

export function notifySuccess(message: string): void {
  for (const id of errorsShown) toast.dismiss(id);
  errorsShown = [];
  toast.success(serverText(message), { autoClose: SUCCESS_AUTO_CLOSE_MS });
}

let openOffer: Promise<void> | null = null;

/**
 * A server that cannot reach its database or Redis answers 503 (SERVICE.UNAVAILABLE): the session is
 * kept and the member is offered a retry. One toast for every call that failed meanwhile: each waits on
 * the same promise, fulfilled when the member presses the button and rejected when the toast is closed.
 */
export function offerRetry(message: string, retryLabel: string): Promise<void> {
  openOffer ??= new Promise<void>((resolve, reject) => {
    let retried = false;
    const content = ({ closeToast }: { closeToast: () => void }) =>
      createElement(
        'span',
        { className: 'retry-offer' },
        `${message} `,
        createElement(
          'button',
          {
            type: 'button',
            className: 'btn btn-sm btn-light',
            onClick: () => {
              retried = true;
              closeToast();
              resolve();
            },
          },
          retryLabel,
        ),
      );
    toast.error(content, {
      autoClose: false,
      closeOnClick: false,
      onClose: () => {
        openOffer = null;
        if (!retried) reject(new Error(message));
      },
    });
  });
  return openOffer;
}
