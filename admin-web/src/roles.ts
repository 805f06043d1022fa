import type { AdminRole } from './session';

/**
 * Which admin role sees which part of the back office. Mirrors the role table of
 * docs/api-contract.md; the API enforces it (403), this only keeps the menu honest.
 * `ledger` is the custom /ledger page (verify), not a react-admin resource.
 */
export type AdminArea = 'members' | 'admin-users' | 'events' | 'mails' | 'ledger';

const AREAS_BY_ROLE: Record<AdminRole, readonly AdminArea[]> = {
  superadmin: ['members', 'admin-users', 'events', 'mails', 'ledger'],
  approver: ['members', 'events', 'ledger'],
  support: ['members', 'mails', 'events', 'ledger'],
  auditor: ['events', 'ledger'],
};

export function canSee(role: unknown, area: AdminArea): boolean {
  if (typeof role !== 'string' || !(role in AREAS_BY_ROLE)) return false;
  return AREAS_BY_ROLE[role as AdminRole].includes(area);
}

/** "Log in as" a member is for support (and superadmin) only; an approver gets 403 from the API. */
export function canImpersonate(role: unknown): boolean {
  return role === 'superadmin' || role === 'support';
}
