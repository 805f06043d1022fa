import { DomainError, InvariantViolation } from '../errors';

// What PostgreSQL's SQLSTATE codes mean to this code base.

/** SQLSTATE of `ledger_assert` (migration 1763800004000): a check PostgreSQL made for us. */
export const INVARIANT_SQLSTATE = 'LG001';

/** A check made inside a statement failed: the same InvariantViolation a check in Node throws. */
export function invariantFromSql(error: unknown): never {
  if (sqlState(error) === INVARIANT_SQLSTATE)
    throw new InvariantViolation(String((error as Error).message).replace(/^Invariant violated: /, ''));
  throw error;
}

export function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; driverError?: { code?: unknown } };
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (sqlState(error) !== '23505') return false;
  if (!constraint) return true;
  const e = error as { constraint?: string; driverError?: { constraint?: string } };
  return (e.driverError?.constraint ?? e.constraint) === constraint;
}

/** Serialization failure or deadlock: the whole transaction may be run again. */
export function isSerializationFailure(error: unknown): boolean {
  const state = sqlState(error);
  return state === '40001' || state === '40P01';
}

/**
 * The input error an SQL failure stands for, if any (mapped at the HTTP edge): text PostgreSQL cannot
 * store (22P05: a NUL in text or jsonb; 22021: bytes that are not UTF-8) is the caller's bad input.
 */
export function inputErrorFromSql(error: unknown): DomainError | null {
  const state = sqlState(error);
  if (state === '22P05' || state === '22021')
    return new DomainError('INPUT.BAD_TEXT', 'Input contains characters that cannot be stored', 'invalid');
  return null;
}
