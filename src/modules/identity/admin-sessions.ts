import { Sql } from '../../platform/db/sql';

/**
 * Admin sessions (decision 0032): one admin_sessions row per successful login, named by the token's
 * `sid`. Logout ends it; a session not used for ADMIN_IDLE_MINUTES ends by itself. Operational
 * state beside the ledger, like the credential tables: the login and the logout are events
 * (AdminLoggedIn / AdminLoggedOut carry the session id), the last-seen time is not.
 */
export const ADMIN_IDLE_MINUTES = 30;
/** last_seen_at is written at most this often, so a busy admin-web costs one write a minute, not one per call. */
const TOUCH_EVERY_MS = 60_000;

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function openAdminSession(sql: Sql, username: string, sessionId: string, now: Date): Promise<void> {
  await sql.execute(
    'insert into admin_sessions (session_id, username, created_at, last_seen_at) values ($1, $2, $3, $3)',
    [sessionId, username, now],
  );
}

export async function endAdminSession(sql: Sql, username: string, sessionId: string, now: Date): Promise<void> {
  await sql.execute(
    'update admin_sessions set ended_at = $3 where session_id = $1 and username = $2 and ended_at is null',
    [sessionId, username, now],
  );
}

/**
 * Whether session `sessionId` of `username` is live at `now`: opened, not logged out, used within
 * ADMIN_IDLE_MINUTES. A live session's last use moves to `now` (at most once a minute); an idle one
 * is ended for good, so coming back later does not revive it.
 */
export async function useAdminSession(sql: Sql, username: string, sessionId: unknown, now: Date): Promise<boolean> {
  if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) return false;
  const [row] = await sql.query<{ last_seen_at: Date; ended_at: Date | null }>(
    'select last_seen_at, ended_at from admin_sessions where session_id = $1 and username = $2',
    [sessionId, username],
  );
  if (!row || row.ended_at) return false;
  const idleMs = now.getTime() - row.last_seen_at.getTime();
  if (idleMs > ADMIN_IDLE_MINUTES * 60_000) {
    await endAdminSession(sql, username, sessionId, now);
    return false;
  }
  if (idleMs >= TOUCH_EVERY_MS)
    await sql.execute('update admin_sessions set last_seen_at = $2 where session_id = $1 and last_seen_at < $2', [
      sessionId,
      now,
    ]);
  return true;
}
