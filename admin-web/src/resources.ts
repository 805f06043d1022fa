import type { AdminRole } from './session';

/**
 * The one table of the back office: every resource (and the custom /ledger page), in menu order,
 * with the roles that read it, the roles that create / edit it, and the roles that take its actions
 * (approve, reject, resolve, match, retry…). Mirrors the role table of docs/api-contract.md; the API
 * enforces it (403), this keeps the menu, the registered routes and the buttons honest.
 * App.tsx registers a resource for each row the role may `read`; the menu lists them and the pages.
 */
export type ResourceName =
  | 'members'
  | 'events'
  | 'epins'
  | 'epin-requests'
  | 'payment-orders'
  | 'payment-options'
  | 'help-requests'
  | 'queue-entries'
  | 'help-links'
  | 'withdrawals'
  | 'flagged-utrs'
  | 'tickets'
  | 'news'
  | 'level-income'
  | 'settings'
  | 'payment-double'
  | 'queues'
  | 'failed-jobs'
  | 'mails'
  | 'admin-users'
  | 'four-eyes';

/** Custom pages (not react-admin resources), shown in the menu after the resources. */
export type PageName = 'ledger';

export type AdminArea = ResourceName | PageName;

export interface AreaRule<Name extends AdminArea = AdminArea> {
  name: Name;
  /** Who sees it in the menu and may open it. */
  read: readonly AdminRole[];
  /** Who gets its create / edit views (defaults to nobody beyond what `read` registers: see App.tsx). */
  write?: readonly AdminRole[];
  /** Who takes its actions (approve / reject / resolve / match / issue / retry / mark paid…). */
  act?: readonly AdminRole[];
  /** The field that names a record in titles and references. */
  recordRepresentation?: string;
}

const ALL: readonly AdminRole[] = ['superadmin', 'approver', 'support', 'auditor'];
const STAFF: readonly AdminRole[] = ['superadmin', 'approver', 'support'];
const SUPERADMIN: readonly AdminRole[] = ['superadmin'];
/** The API's `Roles('approver')` on a decision: approver, plus superadmin who may do everything. */
const APPROVER: readonly AdminRole[] = ['superadmin', 'approver'];

/**
 * E-pins, help requests, level income, settings, the payment lists and the help circle's lists are
 * reports every role reads (the API's GETs allow all four roles, decision 0007); members and the
 * gateway double are for staff (no auditor); mails and admin users for the superadmin.
 */
export const RESOURCES: readonly AreaRule<ResourceName>[] = [
  { name: 'members', read: STAFF, recordRepresentation: 'name' },
  { name: 'events', read: ALL },
  // Four eyes (decision 0034): every role reads the requests; approver and superadmin decide (the API
  // checks that the role may make the call itself). Near the top: its pending count is in the menu.
  { name: 'four-eyes', read: ALL, act: APPROVER, recordRepresentation: 'summary' },
  { name: 'epins', read: ALL, act: APPROVER, recordRepresentation: 'number' },
  { name: 'epin-requests', read: ALL, act: APPROVER },
  { name: 'payment-orders', read: ALL, act: APPROVER },
  { name: 'payment-options', read: ALL, write: SUPERADMIN, recordRepresentation: 'Bank_Name' },
  { name: 'help-requests', read: ALL, act: APPROVER },
  // The help circle (issue 11): approver approves, matches (run and by hand) and resolves; support and auditor read.
  { name: 'queue-entries', read: ALL, act: APPROVER },
  { name: 'help-links', read: ALL, write: APPROVER, act: APPROVER },
  { name: 'withdrawals', read: ALL, act: APPROVER },
  { name: 'flagged-utrs', read: ALL },
  // Support and news (issue 12, decision 0027): support and approver answer tickets, the auditor reads
  // them (free texts as tokens); news is published by the approver, read by everyone.
  { name: 'tickets', read: ALL, act: STAFF },
  { name: 'news', read: ALL, write: APPROVER },
  { name: 'level-income', read: ALL },
  { name: 'settings', read: ALL, write: SUPERADMIN },
  { name: 'payment-double', read: STAFF, act: APPROVER },
  { name: 'queues', read: ALL },
  { name: 'failed-jobs', read: ALL, act: SUPERADMIN },
  { name: 'mails', read: SUPERADMIN, recordRepresentation: 'subject' },
  { name: 'admin-users', read: SUPERADMIN, write: SUPERADMIN },
];

export const PAGES: readonly (AreaRule<PageName> & { path: string; label: string })[] = [
  { name: 'ledger', path: '/ledger', label: 'sahyog.ledger.menu', read: ALL },
];

const RULES: ReadonlyMap<AdminArea, AreaRule> = new Map<AdminArea, AreaRule>([
  ...RESOURCES.map((rule) => [rule.name, rule] as const),
  ...PAGES.map((rule) => [rule.name, rule] as const),
]);

const roleIn = (role: unknown, roles: readonly AdminRole[] | undefined): boolean =>
  typeof role === 'string' && (roles ?? []).some((allowed) => allowed === role);

/** May this role (react-admin's `permissions`) open this resource or page? */
export function canSee(role: unknown, area: AdminArea): boolean {
  return roleIn(role, RULES.get(area)?.read);
}

/** May this role create / edit records of this resource? */
export function canWrite(role: unknown, area: AdminArea): boolean {
  return canSee(role, area) && roleIn(role, RULES.get(area)?.write);
}

/** May this role take this resource's actions (approve, reject, resolve, match…)? */
export function canAct(role: unknown, area: AdminArea): boolean {
  return canSee(role, area) && roleIn(role, RULES.get(area)?.act);
}

/** The resources this role sees, in menu order (the first is the landing page). */
export function resourcesFor(role: unknown): AreaRule<ResourceName>[] {
  return RESOURCES.filter((rule) => roleIn(role, rule.read));
}

/** The custom pages this role sees, in menu order. */
export function pagesFor(role: unknown) {
  return PAGES.filter((rule) => roleIn(role, rule.read));
}
