import { createElement } from 'react';
import { toast } from 'react-toastify';

/** Spec §8: errors stay 4 s, successes 2 s; the container shows at most 20 at once. */
export const ERROR_AUTO_CLOSE_MS = 4000;
export const SUCCESS_AUTO_CLOSE_MS = 2000;
export const TOAST_LIMIT = 20;

export function notifyError(message: string): void {
  toast.error(message, { autoClose: ERROR_AUTO_CLOSE_MS });
}

export function notifySuccess(message: string): void {
  toast.success(message, { autoClose: SUCCESS_AUTO_CLOSE_MS });
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
