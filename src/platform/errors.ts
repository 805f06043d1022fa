/**
 * Domain errors carry a stable code (`EPIN.ALREADY_USED`) and the exact text the member contract
 * shows. The HTTP edge maps them; nothing below the controllers knows about HTTP.
 */
export type ErrorKind = 'invalid' | 'conflict' | 'not-found' | 'forbidden' | 'unauthorized' | 'too-many' | 'business';

export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly kind: ErrorKind = 'business',
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Two appends raced for the same stream version; the loser may retry with fresh state. */
export class ConcurrencyError extends DomainError {
  readonly detail: string;
  constructor(streamId: string, expectedVersion: number) {
    super(
      'LEDGER.VERSION_CONFLICT',
      'This record was changed at the same moment by another request. Please try again.',
      'conflict',
    );
    this.detail = `stream ${streamId} moved past version ${expectedVersion}`;
  }
}

/** A broken invariant is a bug: it stops the operation and rolls the transaction back. */
export class InvariantViolation extends Error {
  constructor(message: string) {
    super(`Invariant violated: ${message}`);
    this.name = 'InvariantViolation';
  }
}

export function assertInvariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new InvariantViolation(message);
}

/**
 * A member-contract outcome: a stable code that tests and logs match on (`EPIN.ALREADY_USED`), and
 * the spec's exact text that the answer carries ('Epin already used').
 */
export interface Outcome<C extends string = string> {
  readonly code: C;
  readonly text: string;
}

/** One outcome of a table: `outcome('EPIN.ALREADY_USED', 'Epin already used')`. */
export const outcome = <C extends string>(code: C, text: string): Outcome<C> => ({ code, text });

/** The texts of a table of outcomes, by the same keys (what the answers carry). */
export function textsOf<T extends Record<string, Outcome>>(outcomes: T): { readonly [K in keyof T]: T[K]['text'] } {
  return Object.fromEntries(Object.entries(outcomes).map(([key, outcome]) => [key, outcome.text])) as {
    [K in keyof T]: T[K]['text'];
  };
}
