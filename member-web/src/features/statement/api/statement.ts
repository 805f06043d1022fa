import { apiClient } from '../../../lib/api-client';

/** The signed RFC 9162 tree head (GET /api/ledger/tree-head, and a statement's `treeHead`). */
export interface TreeHead {
  treeSize: number;
  rootHash: string;
  time: string;
  keyId: string;
  signature: string;
  signedMessage: string;
}

export interface StatementEntry {
  position: string;
  type: string;
  time: string;
  hash: string;
  leafIndex: number;
  inclusionProof: string[];
  postings: Array<{ account: string; amountPaise: string }>;
  description: string;
}

export interface Statement {
  member: string;
  entries: StatementEntry[];
  treeHead: TreeHead;
  consistencyProof?: string[];
  omitted: number;
  pending: Array<{ position: string; type: string; time: string; description: string }>;
}

/** What the statement call answered: the statement, or the server's refusal of the saved head. */
export type StatementAnswer =
  | { kind: 'statement'; statement: Statement }
  | { kind: 'not-extended'; message: string }
  | { kind: 'failed'; message: string };

/** Where the last tree head this device checked a statement against is kept (public data, not a secret). */
export const SAVED_TREE_HEAD_KEY = 'sahyog.savedTreeHead';

export function savedTreeHead(): TreeHead | null {
  try {
    const raw = localStorage.getItem(SAVED_TREE_HEAD_KEY);
    const head = raw ? (JSON.parse(raw) as TreeHead) : null;
    return head && Number.isSafeInteger(head.treeSize) && /^[0-9a-f]{64}$/.test(head.rootHash) ? head : null;
  } catch {
    return null;
  }
}

export function saveTreeHead(head: TreeHead): void {
  try {
    localStorage.setItem(SAVED_TREE_HEAD_KEY, JSON.stringify(head));
  } catch {
    // Storage full or refused: the next statement is asked without `since`.
  }
}

/** POST /api/MyStatement, from the tree head saved on this device when there is one. */
export async function fetchStatement(since: TreeHead | null): Promise<StatementAnswer> {
  const response = await apiClient.post<unknown>('/MyStatement', since ? { since } : {});
  const body = response.data as { message?: unknown; entries?: unknown };
  if (response.status === 409) return { kind: 'not-extended', message: String(body?.message ?? '') };
  if (response.status !== 200 || !Array.isArray(body?.entries))
    return { kind: 'failed', message: typeof body?.message === 'string' ? body.message : '' };
  return { kind: 'statement', statement: response.data as Statement };
}
