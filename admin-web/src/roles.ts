import type { AdminRole } from './session';

/**
 * Which admin role sees which part of the back office. Mirrors the role table of
 * docs/api-contract.md; the API enforces it (403), this only keeps the menu honest.
 * `ledger` is the custom /ledger page (verify), not a react-admin resource.
 */
export type AdminArea =
  | 'members'
  | 'admin-users'
  | 'events'
  | 'mails'
  | 'ledger'
  | 'epins'
  | 'help-requests'
  | 'level-income'
  | 'settings'
  | 'epin-requests'
  | 'payment-orders'
  | 'payment-options'
  | 'payment-double'
  | 'queues'
  | 'failed-jobs';

/**
 * E-pins, help requests, level income, settings and the payment lists (e-pin requests, gateway
 * orders, payment options) are reports: every role reads them (the API's GETs allow all four roles).
 */
const REPORTS: readonly AdminArea[] = [
  'epins',
  'help-requests',
  'level-income',
  'settings',
  'epin-requests',
  'payment-orders',
  'payment-options',
  'queues',
  'failed-jobs',
];

/** The local gateway double's orders: GET payment-double/orders allows approver and support (and superadmin). */
const AREAS_BY_ROLE: Record<AdminRole, readonly AdminArea[]> = {
  superadmin: ['members', 'admin-users', 'events', 'mails', 'ledger', 'payment-double', ...REPORTS],
  approver: ['members', 'events', 'ledger', 'payment-double', ...REPORTS],
  support: ['members', 'events', 'ledger', 'payment-double', ...REPORTS],
  auditor: ['events', 'ledger', ...REPORTS],
};

export function canSee(role: unknown, area: AdminArea): boolean {
  if (typeof role !== 'string' || !(role in AREAS_BY_ROLE)) return false;
  return AREAS_BY_ROLE[role as AdminRole].includes(area);
}

/** "Log in as" a member is for support (and superadmin) only; an approver gets 403 from the API. */
export function canImpersonate(role: unknown): boolean {
  return role === 'superadmin' || role === 'support';
}

/** Issuing e-pins (POST /admin-api/epins/issue) is for approver and superadmin only. */
export function canIssueEpins(role: unknown): boolean {
  return role === 'superadmin' || role === 'approver';
}

/** Retrying a failed job (POST failed-jobs/:id/retry) is the API's `Roles()`: superadmin only. */
export function canRetryJobs(role: unknown): boolean {
  return role === 'superadmin';
}

/** Only a superadmin changes a setting (PUT /admin-api/settings/:key); everyone else reads them. */
export function canEditSettings(role: unknown): boolean {
  return role === 'superadmin';
}

/**
 * Approve / reject an e-pin request, resolve a late gateway payment, and "Mark paid" / "Expire" on
 * the gateway double: the API's `Roles('approver')` on those POSTs, plus superadmin.
 */
export function canDecidePayments(role: unknown): boolean {
  return role === 'superadmin' || role === 'approver';
}

/** Creating and changing a payment option (POST / PUT payment-options) is the API's `Roles()`: superadmin only. */
export function canEditPaymentOptions(role: unknown): boolean {
  return role === 'superadmin';
}
