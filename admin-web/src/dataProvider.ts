import { fetchUtils, type DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import type { PublishedDigest } from '../../src/platform/event-store/published-digest';
import { readSession } from './session';

export const API_URL = '/admin-api';

/**
 * A maker's call of a four-eyes action (decision 0034) answered 202 `{ status: 'AwaitingSecondApproval', id }`:
 * nothing took effect yet; a second admin approves it under Four eyes. Raised so that no caller mistakes
 * it for the action done; `useAdminAction` and the forms show it as "Sent for a second approval".
 */
export class SentForSecondApproval extends Error {
  constructor(readonly requestId: string) {
    super('sahyog.four_eyes.sent');
    this.name = 'SentForSecondApproval';
  }
}

export const isSentForSecondApproval = (error: unknown): error is SentForSecondApproval =>
  error instanceof SentForSecondApproval;

/** Every admin call carries the session's bearer token; fetchJson rejects non-2xx with an HttpError. */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const session = readSession();
  if (session) headers.set('Authorization', `Bearer ${session.token}`);
  const answer = await fetchUtils.fetchJson(url, { ...options, headers });
  const body = answer.json as { status?: unknown; id?: unknown } | undefined;
  if (answer.status === 202 && body?.status === 'AwaitingSecondApproval')
    throw new SentForSecondApproval(String(body.id));
  return answer;
}

export interface ImpersonationTicket {
  token: string;
  /** Relative member-web URL, e.g. /AdminLogin?token=… */
  url: string;
}

/** One problem of POST /admin-api/ledger/verify, as the API sends it (positions are decimal text). */
export interface LedgerProblem {
  position: string;
  stream_id: string;
  reason: string;
}

/** The answer of POST /admin-api/ledger/verify, field for field (src/modules/ledger-audit/verify.ts, VerifyReport). */
export interface LedgerVerifyResult {
  ok: boolean;
  eventsChecked: number;
  streamsChecked: number;
  checkpointsChecked: number;
  postingsChecked: number;
  /** Every read table rebuilt from the events and compared with the live one (issue 21 §1); each difference is also a problem. */
  projections?: { tablesCompared: number; differingRows: number } | null;
  firstBad: LedgerProblem | null;
  problems: LedgerProblem[];
}

/** One key of GET /api/ledger/public-key (src/platform/event-store/signing.ts, PublishedKey). */
export interface LedgerPublishedKey {
  keyId: string;
  algorithm: 'Ed25519';
  publicKeyPem: string;
  current: boolean;
}

/** GET /api/ledger/public-key: the current signing key, and every key still trusted (retired ones too). */
export type LedgerPublicKey = LedgerPublishedKey & { keys: LedgerPublishedKey[] };

/** GET /api/ledger/digest: the server's own type (a type-only import, nothing of the server is bundled). */
export type LedgerDigest = PublishedDigest;

/** The ledger's public evidence, served without a login under /api. */
export const LEDGER_PUBLIC_URL = '/api/ledger';

export type EpinType = 'EpintypeA' | 'EpintypeB';

/** POST /admin-api/epins/issue: `owner` is a 6-digit member id, `quantity` 1..MAX_ISSUE_QUANTITY. */
export interface IssueEpinsRequest {
  owner: string;
  type: EpinType;
  quantity: number;
}

export interface IssueEpinsResult {
  numbers: string[];
}

export type ResolveDecision = 'issue' | 'dismiss';

/** Answer of POST payment-orders/:clientid/recheck: the order after the server asked the gateway, and what the gateway said. */
export interface RecheckAnswer {
  id: string;
  status: 'created' | 'open' | 'confirmed' | 'late' | 'expired' | 'resolved';
  gateway_state: 'waiting' | 'paid' | 'paid-late' | 'expired';
}

/** A fresh Idempotency-Key (getRandomValues works outside secure contexts too, unlike randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Answer of approve / reject (src/modules/payments/commands/decide-bank-request). */
export interface EpinRequestDecision {
  id: string;
  status: 'Approved' | 'Rejected';
  epins: unknown[];
}

/** Answer of the double's mark-paid / expire: its order row plus the IPN delivery result (crypto only). */
export interface DoubleOrderAnswer {
  id: string;
  status: string;
  callback: string | null;
}

/** GET /admin-api/ledger/export: the NDJSON file and the name the API gave it. */
export interface LedgerExportFile {
  blob: Blob;
  filename: string;
}

/** Downloads the NDJSON export with the session's token (a plain link cannot carry it). */
async function fetchLedgerExport(): Promise<LedgerExportFile> {
  const headers = new Headers({ Accept: 'application/x-ndjson' });
  const session = readSession();
  if (session) headers.set('Authorization', `Bearer ${session.token}`);
  const response = await fetch(`${API_URL}/ledger/export`, { headers });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `Export failed (${response.status})`);
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return { blob: await response.blob(), filename: named?.[1] ?? 'sahyog-ledger.ndjson' };
}

/** A public ledger document (no token needed); null when the API has none yet (404). */
async function fetchLedgerPublic<T>(name: 'public-key' | 'digest'): Promise<T | null> {
  const response = await fetch(`${LEDGER_PUBLIC_URL}/${name}`, { headers: { Accept: 'application/json' } });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`GET ${LEDGER_PUBLIC_URL}/${name} failed (${response.status})`);
  return (await response.json()) as T;
}

/** One side of GET /admin-api/queue-totals: what waits unmatched (amount in rupees with 2 decimals). */
export interface QueueSideTotal {
  count: number;
  amountRupees: string;
}

/** GET /admin-api/queue-totals. */
export interface QueueTotals {
  PH: QueueSideTotal;
  GH: QueueSideTotal;
}

/** POST /admin-api/matching/run: what this run linked; `busy` when another run held the lock. */
export interface MatchingRunResult {
  links: number;
  amountRupees: string;
  busy?: boolean;
}

export type ResolveOutcome = 'received' | 'cancel';

/** Answer of POST four-eyes/:id/approve | reject (src/modules/four-eyes/commands/decide-four-eyes). */
export interface FourEyesDecision {
  id: string;
  action: string;
  status: 'Approved' | 'Rejected';
  maker: string;
  checker: string;
  reason?: string;
  result?: unknown;
}

/** The calls of the admin contract that are not CRUD (docs/api-contract.md, Admin API). */
export interface SahyogDataProvider extends DataProvider {
  blockMember(uid: string, remark: string): Promise<unknown>;
  unblockMember(uid: string, remark: string): Promise<unknown>;
  impersonateMember(uid: string): Promise<ImpersonationTicket>;
  /** POST /admin-api/members/:uid/unlock-bank | unlock-wallet { reason } (approver): the member may save them again. */
  unlockMemberDetails(uid: string, what: 'bank' | 'wallet', reason: string): Promise<unknown>;
  verifyLedger(): Promise<LedgerVerifyResult>;
  exportLedger(): Promise<LedgerExportFile>;
  ledgerPublicKey(): Promise<LedgerPublicKey | null>;
  ledgerDigest(): Promise<LedgerDigest | null>;
  /** `idempotencyKey`: one per dialog opening, so a double click or a retry issues once. */
  issueEpins(request: IssueEpinsRequest, idempotencyKey?: string): Promise<IssueEpinsResult>;
  approveEpinRequest(id: string): Promise<EpinRequestDecision>;
  rejectEpinRequest(id: string, remark: string): Promise<EpinRequestDecision>;
  resolvePaymentOrder(clientid: string, decision: ResolveDecision, remark: string): Promise<unknown>;
  recheckPaymentOrder(clientid: string): Promise<RecheckAnswer>;
  markDoubleOrderPaid(clientid: string): Promise<DoubleOrderAnswer>;
  expireDoubleOrder(clientid: string): Promise<DoubleOrderAnswer>;
  retryFailedJob(id: string): Promise<unknown>;
  approveHelpRequest(id: string): Promise<unknown>;
  rejectHelpRequest(id: string, remark: string): Promise<unknown>;
  approveWithdrawal(id: string): Promise<unknown>;
  rejectWithdrawal(id: string, remark: string): Promise<unknown>;
  resolveHelpLink(id: string, outcome: ResolveOutcome, remark: string): Promise<unknown>;
  runMatching(): Promise<MatchingRunResult>;
  queueTotals(): Promise<QueueTotals>;
  replyTicket(id: string, message: string): Promise<unknown>;
  closeTicket(id: string): Promise<unknown>;
  /** POST /admin-api/four-eyes/:id/approve: a second admin carries the request out. */
  approveFourEyes(id: string): Promise<FourEyesDecision>;
  /** POST /admin-api/four-eyes/:id/reject { reason }. */
  rejectFourEyes(id: string, reason: string): Promise<FourEyesDecision>;
}

async function post<T>(path: string, body: unknown, headers?: Record<string, string>): Promise<T> {
  const { json } = await httpClient(`${API_URL}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    ...(headers ? { headers: new Headers(headers) } : {}),
  });
  return json as T;
}

const memberPath = (uid: string, action: string) => `/members/${encodeURIComponent(uid)}/${action}`;
const actionPath = (collection: string, id: string, action: string) =>
  `/${collection}/${encodeURIComponent(id)}/${action}`;

const rest = simpleRestProvider(API_URL, httpClient);

/**
 * Resources whose API path is not their name: the react-admin resource `payment-double` (menu item,
 * `#/payment-double`) lists `GET /admin-api/payment-double/orders`.
 */
const API_PATHS: Record<string, string> = { 'payment-double': 'payment-double/orders' };
const pathOf = (resource: string) => API_PATHS[resource] ?? resource;

export const dataProvider: SahyogDataProvider = {
  ...rest,
  getList: (resource, params) => rest.getList(pathOf(resource), params),
  blockMember: (uid, remark) => post(memberPath(uid, 'block'), { remark }),
  unblockMember: (uid, remark) => post(memberPath(uid, 'unblock'), { remark }),
  impersonateMember: (uid) => post<ImpersonationTicket>(memberPath(uid, 'impersonate'), {}),
  unlockMemberDetails: (uid, what, reason) => post(memberPath(uid, `unlock-${what}`), { reason }),
  verifyLedger: () => post<LedgerVerifyResult>('/ledger/verify', {}),
  exportLedger: fetchLedgerExport,
  ledgerPublicKey: () => fetchLedgerPublic<LedgerPublicKey>('public-key'),
  ledgerDigest: () => fetchLedgerPublic<LedgerDigest>('digest'),
  issueEpins: ({ owner, type, quantity }, idempotencyKey) =>
    post<IssueEpinsResult>(
      '/epins/issue',
      { owner, type, quantity },
      idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
    ),
  approveEpinRequest: (id) => post<EpinRequestDecision>(actionPath('epin-requests', id, 'approve'), {}),
  rejectEpinRequest: (id, remark) => post<EpinRequestDecision>(actionPath('epin-requests', id, 'reject'), { remark }),
  resolvePaymentOrder: (clientid, decision, remark) =>
    post(actionPath('payment-orders', clientid, 'resolve'), { decision, remark }),
  recheckPaymentOrder: (clientid) => post<RecheckAnswer>(actionPath('payment-orders', clientid, 'recheck'), {}),
  markDoubleOrderPaid: (clientid) =>
    post<DoubleOrderAnswer>(actionPath('payment-double/orders', clientid, 'mark-paid'), {}),
  expireDoubleOrder: (clientid) => post<DoubleOrderAnswer>(actionPath('payment-double/orders', clientid, 'expire'), {}),
  retryFailedJob: (id) => post(actionPath('failed-jobs', id, 'retry'), {}),
  approveHelpRequest: (id) => post(actionPath('help-requests', id, 'approve'), {}),
  rejectHelpRequest: (id, remark) => post(actionPath('help-requests', id, 'reject'), { remark }),
  approveWithdrawal: (id) => post(actionPath('withdrawals', id, 'approve'), {}),
  rejectWithdrawal: (id, remark) => post(actionPath('withdrawals', id, 'reject'), { remark }),
  resolveHelpLink: (id, outcome, remark) => post(actionPath('help-links', id, 'resolve'), { outcome, remark }),
  runMatching: () => post<MatchingRunResult>('/matching/run', {}),
  queueTotals: async () => (await httpClient(`${API_URL}/queue-totals`)).json as QueueTotals,
  replyTicket: (id, message) => post(actionPath('tickets', id, 'reply'), { message }),
  closeTicket: (id) => post(actionPath('tickets', id, 'close'), {}),
  approveFourEyes: (id) => post<FourEyesDecision>(actionPath('four-eyes', id, 'approve'), {}),
  rejectFourEyes: (id, reason) => post<FourEyesDecision>(actionPath('four-eyes', id, 'reject'), { reason }),
};
