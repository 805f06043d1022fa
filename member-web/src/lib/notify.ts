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
