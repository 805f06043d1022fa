import { canonicalJson, sha256Hex } from '../event-store/canonical';
import { Sql } from '../db/sql';
import { DomainError } from '../errors';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;

export interface IdempotencyRequest {
  /** The use case, so one key can't replay another command's answer. */
  scope: string;
  key: string;
  /** Whatever identifies the request: the body plus the caller. */
  request: unknown;
}

export function requestHash(request: unknown): string {
  return sha256Hex(canonicalJson(request));
}

export type IdempotencyClaim<T> = { kind: 'claimed' } | { kind: 'replay'; response: T };

/**
 * Claims (scope, key) inside the command's transaction. The row commits with the command's
 * events, so a key is either unused, or bound to one committed answer. A concurrent claim of the
 * same key waits on the unique index until the first transaction ends.
 */
export async function claimIdempotencyKey<T>(sql: Sql, req: IdempotencyRequest): Promise<IdempotencyClaim<T>> {
  if (req.key.length === 0 || req.key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new DomainError(
      'IDEMPOTENCY.BAD_KEY',
      `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`,
      'invalid',
    );
  }
  const hash = requestHash(req.request);
  const inserted = await sql.query(
    'insert into idempotency_keys (scope, key, request_hash) values ($1, $2, $3) on conflict do nothing returning key',
    [req.scope, req.key, hash],
  );
  if (inserted.length === 1) return { kind: 'claimed' };
  const [existing] = await sql.query<{ request_hash: string; response: T }>(
    'select request_hash, response from idempotency_keys where scope = $1 and key = $2',
    [req.scope, req.key],
  );
  if (!existing || existing.request_hash !== hash) {
    throw new DomainError('IDEMPOTENCY.KEY_REUSED', 'Idempotency key reused with a different request', 'conflict');
  }
  return { kind: 'replay', response: existing.response };
}

export async function recordIdempotentResponse(sql: Sql, req: IdempotencyRequest, response: unknown): Promise<void> {
  await sql.execute('update idempotency_keys set response = $3::jsonb where scope = $1 and key = $2', [
    req.scope,
    req.key,
    JSON.stringify(response),
  ]);
}
