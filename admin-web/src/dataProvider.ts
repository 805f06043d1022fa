import { fetchUtils, type DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { readSession } from './session';

export const API_URL = '/admin-api';

/** Every admin call carries the session's bearer token; fetchJson rejects non-2xx with an HttpError. */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const session = readSession();
  if (session) headers.set('Authorization', `Bearer ${session.token}`);
  return fetchUtils.fetchJson(url, { ...options, headers });
}

export interface ImpersonationTicket {
  token: string;
  /** Relative member-web URL, e.g. /AdminLogin?token=… */
  url: string;
}

export interface LedgerProblem {
  position: number | string;
  stream_id: string;
  reason: string;
}

export interface LedgerVerifyResult {
  ok: boolean;
  eventsChecked: number;
  streamsChecked: number;
  checkpointsChecked: number;
  /** Beyond the contract; shown when the API sends them. */
  postingsChecked?: number;
  problems?: LedgerProblem[];
  firstBad: LedgerProblem | null;
}

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

/** The calls of the admin contract that are not CRUD (docs/api-contract.md, Admin API). */
export interface SahyogDataProvider extends DataProvider {
  blockMember(uid: string, remark: string): Promise<unknown>;
  unblockMember(uid: string, remark: string): Promise<unknown>;
  impersonateMember(uid: string): Promise<ImpersonationTicket>;
  verifyLedger(): Promise<LedgerVerifyResult>;
  issueEpins(request: IssueEpinsRequest): Promise<IssueEpinsResult>;
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const { json } = await httpClient(`${API_URL}${path}`, { method: 'POST', body: JSON.stringify(body) });
  return json as T;
}

const memberPath = (uid: string, action: string) => `/members/${encodeURIComponent(uid)}/${action}`;

export const dataProvider: SahyogDataProvider = {
  ...simpleRestProvider(API_URL, httpClient),
  blockMember: (uid, remark) => post(memberPath(uid, 'block'), { remark }),
  unblockMember: (uid, remark) => post(memberPath(uid, 'unblock'), { remark }),
  impersonateMember: (uid) => post<ImpersonationTicket>(memberPath(uid, 'impersonate'), {}),
  verifyLedger: () => post<LedgerVerifyResult>('/ledger/verify', {}),
  issueEpins: ({ owner, type, quantity }) => post<IssueEpinsResult>('/epins/issue', { owner, type, quantity }),
};
