import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig } from '../../config/config';
import { Sql } from '../../platform/db/sql';
import { EventMetadata } from '../../platform/event-store/event.types';
import { isLocked, LoginPolicy, shouldSlowDown } from './domain/login-attempts';
import { failuresFromStrangers, loadLoginAddress } from './member-state';

export const loginPolicy = (config: AppConfig): LoginPolicy => ({ maxFailures: config.lockout.maxFailures, lockoutMinutes: config.lockout.minutes });

/** The client address failures are counted for: the connection's, as the server saw it. */
export const addressOf = (metadata: EventMetadata): string => metadata.clientIp ?? '';

/**
 * What happens before a member's or an admin's password is even checked: an address locked out of
 * the account is answered at once (no password check, no event), and an address that never logged
 * in to an account under attack waits `slowdownMs` first (domain/login-attempts.ts).
 */
export async function passLoginGate(sql: Sql, account: string, metadata: EventMetadata, policy: LoginPolicy, slowdownMs: number): Promise<'locked' | 'open'> {
  const now = new Date();
  const address = await loadLoginAddress(sql, account, addressOf(metadata));
  if (isLocked(address, now)) return 'locked';
  // Only an address that never logged in to the account can be slowed down: ask for the count only then.
  if (!address?.succeededAt && shouldSlowDown(address, await failuresFromStrangers(sql, account, now, policy), policy)) await sleep(slowdownMs);
  return 'open';
}
