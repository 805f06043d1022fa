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
  | 'settings';

/** E-pins, help requests, level income and settings are reports: every role reads them. */
const REPORTS: readonly AdminArea[] = ['epins', 'help-requests', 'level-income', 'settings'];

const AREAS_BY_ROLE: Record<AdminRole, readonly AdminArea[]> = {
  superadmin: ['members', 'admin-users', 'events', 'mails', 'ledger', ...REPORTS],
  approver: ['members', 'events', 'ledger', ...REPORTS],
  support: ['members', 'mails', 'events', 'ledger', ...REPORTS],
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

/** Only a superadmin changes a setting (PUT /admin-api/settings/:key); everyone else reads them. */
export function canEditSettings(role: unknown): boolean {
  return role === 'superadmin';
}
