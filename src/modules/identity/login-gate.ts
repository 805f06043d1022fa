import { Injectable, Optional } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig } from '../../config/config';
import { Sql } from '../../platform/db/sql';
import { RateLimitStore } from '../../platform/http/rate-limit.store';
import { EventMetadata } from '../../platform/event-store/event.types';
import { isLocked, LoginPolicy, shouldSlowDown } from './domain/login-attempts';
import { failuresFromStrangers, loadLoginAddress } from './member-state';

/** The lock-out policy and the strangers' slow-down, as configured. */
export interface GatePolicy extends LoginPolicy {
  /** One stranger's password check per this many ms per account under attack (decision 0013). */
  slowdownMs: number;
}

export const loginPolicy = (config: AppConfig): GatePolicy => ({
  maxFailures: config.lockout.maxFailures,
  lockoutMinutes: config.lockout.minutes,
  slowdownMs: config.lockout.slowdownMs,
});

/** The client address failures are counted for: the connection's, as the server saw it (keyed by its /64 for IPv6 in PostgreSQL). */
export const addressOf = (metadata: EventMetadata): string => metadata.clientIp ?? '';

/** A stranger's turn is at most this many slow-downs away; beyond, the attempt is answered at once, unchecked. */
export const STRANGER_QUEUE_SLOTS = 5;
/** Accounts tracked at most; the one scheduled longest ago is dropped first, so memory stays bounded. */
const MAX_ACCOUNTS = 100_000;

/**
 * The turns of strangers' password checks on accounts under attack: one turn per `slowdownMs` per
 * account, the first `slowdownMs` from now, so strangers together get at most one password check per
 * `slowdownMs` however many addresses they send from. Kept in Redis with the rate limits (decision
 * 0037), so every API process and replica hands out the same turns; in this process without REDIS_URL.
 */
@Injectable()
export class StrangerTurns {
  private readonly nextFree = new Map<string, number>();

  constructor(@Optional() private readonly store?: RateLimitStore) {}

  /** `take`, shared by every process when the rate limits are (Redis unreachable: ServiceUnavailable, a 503). */
  claim(account: string, now: number, slowdownMs: number): Promise<number | null> {
    if (this.store?.shared) return this.store.turn(`login:${account}`, slowdownMs, STRANGER_QUEUE_SLOTS);
    return Promise.resolve(this.take(account, now, slowdownMs));
  }

  /** How long to wait for the next turn on `account`, or null when it is more than `STRANGER_QUEUE_SLOTS` slow-downs away (nothing is taken then). */
  take(account: string, now: number, slowdownMs: number): number | null {
    const turn = Math.max(now + slowdownMs, this.nextFree.get(account) ?? 0);
    if (turn - now > STRANGER_QUEUE_SLOTS * slowdownMs) return null;
    this.nextFree.delete(account);
    if (this.nextFree.size >= MAX_ACCOUNTS) this.nextFree.delete(this.nextFree.keys().next().value as string);
    this.nextFree.set(account, turn + slowdownMs);
    return turn - now;
  }
}

/**
 * What happens before a member's or an admin's password is even checked: an address locked out of
 * the account is answered at once (no password check, no event); an address that never logged in
 * to an account under attack waits for its turn (StrangerTurns), or, when the queue is full, is
 * answered at once with `busy` (no password check, no event).
 */
export async function passLoginGate(
  sql: Sql,
  turns: StrangerTurns,
  account: string,
  metadata: EventMetadata,
  policy: GatePolicy,
): Promise<'locked' | 'busy' | 'open'> {
  const now = new Date();
  const address = await loadLoginAddress(sql, account, addressOf(metadata));
  if (isLocked(address, now)) return 'locked';
  // Only an address that never logged in to the account can be slowed down: ask for the count only then.
  if (
    !address?.succeededAt &&
    shouldSlowDown(address, await failuresFromStrangers(sql, account, now, policy), policy)
  ) {
    const wait = await turns.claim(account, now.getTime(), policy.slowdownMs);
    if (wait === null) return 'busy';
    await sleep(wait);
  }
  return 'open';
}
