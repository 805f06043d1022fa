import * as argon2 from 'argon2';
import { createHmac } from 'node:crypto';

/**
 * argon2id at one of OWASP's minimum profiles (Password Storage Cheat Sheet: m = 7 MiB, t = 5, p = 1;
 * the cheat sheet's five profiles — 46 MiB × 1, 19 × 2, 12 × 3, 9 × 4, 7 × 5 — give equal defence,
 * trading memory against passes). This one holds the least memory per hash in flight (7 MiB, against
 * 12 MiB × 3 before: decision 0047) at ~8 % less CPU per verify on this machine (decision 0059).
 * Hashes made with other parameters (19 MiB × 2, 12 MiB × 3 before) verify as they are: the
 * parameters travel in the hash, and a login does not rehash them (decision 0059). argon2 runs on
 * libuv's thread pool, off the event loop.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 7_168, timeCost: 5, parallelism: 1 } as const;

/**
 * How many argon2 computations one process runs at once; the others wait their turn here, first come
 * first served (decision 0055). Set by the identity module from PASSWORD_HASHES_IN_FLIGHT (config.ts,
 * default 4: libuv's pool, as many as ran before); 4 until then (CLIs, tests). Fewer keep the event
 * loop's share of the cores for the process's other requests during a login burst, and make the
 * logins wait longer.
 */
let hashesInFlightLimit = 4;
let hashesRunning = 0;
const hashTurns: Array<() => void> = [];

export function limitPasswordHashing(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`password hashes in flight must be at least 1, got ${limit}`);
  hashesInFlightLimit = limit;
  handOutTurns();
}

/** Starts waiting computations while fewer than the limit run. */
function handOutTurns(): void {
  while (hashesRunning < hashesInFlightLimit && hashTurns.length) {
    hashesRunning++;
    hashTurns.shift()!();
  }
}

/** Computations running and waiting in this process. */
export const passwordHashing = (): { running: number; waiting: number; limit: number } => ({
  running: hashesRunning,
  waiting: hashTurns.length,
  limit: hashesInFlightLimit,
});

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (hashesRunning < hashesInFlightLimit) hashesRunning++;
  else await new Promise<void>((resolve) => hashTurns.push(resolve));
  try {
    return await work();
  } finally {
    hashesRunning--;
    handOutTurns();
  }
}

export const hashPassword = (plain: string): Promise<string> => inTurn(() => argon2.hash(plain, ARGON2_OPTIONS));

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await inTurn(() => argon2.verify(hash, plain));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time on an unknown id as on a wrong password, so timing doesn't reveal which ids exist. */
export async function burnVerification(plain: string): Promise<void> {
  dummyHash ??= hashPassword('timing-equaliser');
  await verifyPassword(await dummyHash, plain);
}

/** A keyed fingerprint of a secret, for request hashes that must not expose the secret. */
export const secretFingerprint = (key: string, secret: string): string =>
  createHmac('sha256', key).update(secret).digest('hex');
