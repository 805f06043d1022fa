import { canAct, canWrite } from './resources';

/**
 * Which admin role may do what, read from the one table in src/resources.ts (resources, pages and
 * their roles). These named helpers keep the call sites readable; the API enforces the same (403).
 */
export { canAct, canSee, canWrite, type AdminArea } from './resources';

/** "Log in as" a member is for support (and superadmin) only; an approver gets 403 from the API. */
export function canImpersonate(role: unknown): boolean {
  return role === 'superadmin' || role === 'support';
}

/** Unlocking a member's saved bank details or wallet address is the API's `Roles('approver')`, plus superadmin. */
export function canUnlockDetails(role: unknown): boolean {
  return role === 'superadmin' || role === 'approver';
}

/** Issuing e-pins (POST /admin-api/epins/issue) is for approver and superadmin only. */
export function canIssueEpins(role: unknown): boolean {
  return canAct(role, 'epins');
}

/** Retrying a failed job (POST failed-jobs/:id/retry) is the API's `Roles()`: superadmin only. */
export function canRetryJobs(role: unknown): boolean {
  return canAct(role, 'failed-jobs');
}

/** Only a superadmin changes a setting (PUT /admin-api/settings/:key); everyone else reads them. */
export function canEditSettings(role: unknown): boolean {
  return canWrite(role, 'settings');
}

/**
 * Approve / reject an e-pin request, resolve a late gateway payment, and "Mark paid" / "Expire" on
 * the gateway double: the API's `Roles('approver')` on those POSTs, plus superadmin.
 */
export function canDecidePayments(role: unknown): boolean {
  return canAct(role, 'epin-requests');
}

/** Creating and changing a payment option (POST / PUT payment-options) is the API's `Roles()`: superadmin only. */
export function canEditPaymentOptions(role: unknown): boolean {
  return canWrite(role, 'payment-options');
}
