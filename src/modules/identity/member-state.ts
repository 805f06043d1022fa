import { READ_STATE_SQL, ReadState } from '../../platform/db/read-state';
import { prepared, Sql } from '../../platform/db/sql';
import { Locked } from '../../platform/event-store/locked';
import { AdminRole, AdminState, adminStream, IMPERSONATING_ROLES, roleMayCall } from './domain/admin.events';
import { LoginAddressState, LoginPolicy } from './domain/login-attempts';
import { MemberState, memberStream } from './domain/member.events';

export const UID_PATTERN = /^[1-9]\d{5}$/;

/** The members row: {@link MemberState} with its column name for the credential version. */
interface MemberRow extends Omit<MemberState, 'credentialVersion' | 'sessionEpoch' | 'mustChangePassword'> {
  credential_version: number;
  session_epoch: number;
  must_change_password: boolean;
}

const MEMBER_COLUMNS = `select uid, name, email, status, blocked, isagree, credential_version, session_epoch, must_change_password, version
       from members where uid = $1`;
/** Prepared once per connection: every signed-in member call checks its session with the first (decision 0051). */
const MEMBER_SQL = prepared(MEMBER_COLUMNS);
const MEMBER_FOR_UPDATE_SQL = prepared(`${MEMBER_COLUMNS} for update`);
/** The session checks': the rows, and what the statement saw of the database (decision 0058). */
const MEMBER_SESSIONS_SQL = prepared(
  `select uid, name, email, status, blocked, isagree, credential_version, session_epoch, must_change_password, version,
          ${READ_STATE_SQL} as read_state, now() as read_at
     from members where uid = any($1::text[])`,
);

type MemberSession = { member: MemberState; readState: ReadState };
type SessionWaiter = { resolve: (session: MemberSession | null) => void; reject: (error: unknown) => void };

/**
 * The session checks of one connection pool, in turn (decision 0058): while a check's statement is
 * out, the calls that arrive meanwhile wait and then go together in the next one (`uid = any($1)`).
 * Each call's check still runs after the call arrived, and a lone call goes at once; under load a
 * statement, a pool checkout and a socket write serve many calls. A failure (the database down, the
 * watchdog's 503) is every waiting call's.
 */
class SessionChecks {
  private waiting = new Map<string, SessionWaiter[]>();
  private out = false;

  constructor(private readonly sql: Sql) {}

  load(uid: string): Promise<MemberSession | null> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(uid);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(uid, [{ resolve, reject }]);
      if (!this.out) this.send();
    });
  }

  private send(): void {
    const batch = this.waiting;
    this.waiting = new Map();
    this.out = true;
    this.sql
      .query<MemberRow & { read_state: string; read_at: Date }>(MEMBER_SESSIONS_SQL, [[...batch.keys()]])
      .then(
        (rows) => {
          const found = new Map(rows.map((row) => [row.uid, row]));
          for (const [uid, waiters] of batch) {
            const row = found.get(uid);
            const session = row
              ? { member: memberState(row), readState: { state: row.read_state, at: row.read_at } }
              : null;
            for (const waiter of waiters) waiter.resolve(session);
          }
        },
        (error: unknown) => {
          for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
        },
      )
      .finally(() => {
        this.out = false;
        if (this.waiting.size > 0) this.send();
      });
  }
}

const sessionChecks = new WeakMap<Sql, SessionChecks>();

function memberState(row: MemberRow): MemberState {
  return {
    uid: row.uid,
    name: row.name,
    email: row.email,
    status: row.status,
    blocked: row.blocked,
    isagree: row.isagree,
    credentialVersion: row.credential_version,
    sessionEpoch: row.session_epoch,
    mustChangePassword: row.must_change_password,
    version: row.version,
  };
}

/**
 * The members projection row a command decides on; null for an id that is not a member. Commands
 * that append to the member's stream read it FOR UPDATE, so concurrent commands on one member
 * queue on the row instead of failing on the stream version and retrying.
 */
export async function loadMember(sql: Sql, uid: string, forUpdate = false): Promise<MemberState | null> {
  if (!UID_PATTERN.test(uid)) return null;
  const [row] = await sql.query<MemberRow>(forUpdate ? MEMBER_FOR_UPDATE_SQL : MEMBER_SQL, [uid]);
  return row ? memberState(row) : null;
}

/**
 * loadMember for a signed-in call's session check, with what that statement saw of the database
 * (`readState`): a read of the same call may keep its answer under it (ReadStateCache, decision 0058).
 * Checks that arrive while another is out go together in the next statement (SessionChecks).
 */
export async function loadMemberSession(sql: Sql, uid: string): Promise<MemberSession | null> {
  if (!UID_PATTERN.test(uid)) return null;
  let checks = sessionChecks.get(sql);
  if (!checks) sessionChecks.set(sql, (checks = new SessionChecks(sql)));
  return checks.load(uid);
}

/** The member's row locked FOR UPDATE, as the stream a command appends to (the append reads the head's hash). */
export async function lockMember(sql: Sql, uid: string): Promise<Locked<MemberState> | null> {
  const state = await loadMember(sql, uid, true);
  return state && { streamId: memberStream(state.uid), state, version: state.version, headHash: null };
}

/** The admin's row locked FOR UPDATE, as the stream a command appends to. */
export async function lockAdmin(sql: Sql, username: string): Promise<Locked<AdminState> | null> {
  const state = await loadAdmin(sql, username, true);
  return state && { streamId: adminStream(state.username), state, version: state.version, headHash: null };
}

/** A "Log in as" link's row, locked: two redemptions of one link queue, and the second finds it redeemed. */
export async function lockImpersonationToken(
  sql: Sql,
  tokenId: string,
): Promise<{ uid: string; expiresAt: Date; redeemedAt: Date | null } | null> {
  const [row] = await sql.query<{ uid: string; expires_at: Date; redeemed_at: Date | null }>(
    'select uid, expires_at, redeemed_at from impersonation_tokens where token_id = $1 for update',
    [tokenId],
  );
  return row ? { uid: row.uid, expiresAt: row.expires_at, redeemedAt: row.redeemed_at } : null;
}

export async function loadAdmin(sql: Sql, username: string, forUpdate = false): Promise<AdminState | null> {
  const [row] = await sql.query<{
    username: string;
    role: AdminRole;
    disabled: boolean;
    credential_version: number;
    session_epoch: number;
    must_change_password: boolean;
    version: number;
    totp_factor_id: string | null;
    totp_pending_factor_id: string | null;
    totp_last_step: string | null;
    totp_recovery_used: number[];
    totp_failures: number;
    totp_last_failed_at: Date | null;
    totp_locked_until: Date | null;
  }>(
    `select username, role, disabled, credential_version, session_epoch, must_change_password, version, totp_factor_id, totp_pending_factor_id,
            totp_last_step, totp_recovery_used, totp_failures, totp_last_failed_at, totp_locked_until
       from admin_users where username = $1 ${forUpdate ? 'for update' : ''}`,
    [username],
  );
  return row
    ? {
        username: row.username,
        role: row.role,
        disabled: row.disabled,
        credentialVersion: row.credential_version,
        sessionEpoch: row.session_epoch,
        mustChangePassword: row.must_change_password,
        version: row.version,
        totp: {
          factorId: row.totp_factor_id,
          pendingFactorId: row.totp_pending_factor_id,
          lastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
          recoveryUsed: row.totp_recovery_used,
          checks: {
            failures: row.totp_failures,
            lastFailedAt: row.totp_last_failed_at,
            lockedUntil: row.totp_locked_until,
            succeededAt: null,
          },
        },
      }
    : null;
}

/** What a token or link remembers of an account: its credential version and session epoch when issued. */
export interface IssuedUnder {
  credentialVersion: unknown;
  /** Absent in tokens issued before decision 0032: taken as epoch 0. */
  sessionEpoch: unknown;
  /**
   * The admin's role when a "Log in as" link or session was issued (absent before decision 0044: not
   * checked). Every role change through the product moves the epoch on, so a role that differs was
   * edited in admin_users outside the product: the link or session ends.
   */
  role?: unknown;
}

/** Whether a token issued under `issued` is still good for `account`: same password, and no block, disable or role change since. */
export const stillIssuedUnder = (
  account: { credentialVersion: number; sessionEpoch: number },
  issued: IssuedUnder,
): boolean =>
  account.credentialVersion === issued.credentialVersion && account.sessionEpoch === (issued.sessionEpoch ?? 0);

/**
 * The admin behind a "Log in as" link or session, if they may still act through it: enabled, still
 * in a role that may impersonate, with the password they had when it was issued, and no disable,
 * enable or role change since (the session epoch). Checked on every call of the session, so
 * disabling or demoting an admin ends their sessions at once, and re-enabling does not bring them back.
 */
export async function activeImpersonator(
  sql: Sql,
  username: string,
  issued: IssuedUnder,
  forUpdate = false,
): Promise<AdminState | null> {
  const admin = await loadAdmin(sql, username, forUpdate);
  if (!admin || admin.disabled || !stillIssuedUnder(admin, issued) || !roleMayCall(admin.role, IMPERSONATING_ROLES))
    return null;
  if (issued.role !== undefined && issued.role !== admin.role) return null;
  return admin;
}

/** The failure record of one (account stream, client address: an IPv6 client's /64, migration 1763800011013), see login-attempts.ts. */
export async function loadLoginAddress(sql: Sql, account: string, clientIp: string): Promise<LoginAddressState | null> {
  const [row] = await sql.query<{
    failures: number;
    last_failed_at: Date | null;
    locked_until: Date | null;
    succeeded_at: Date | null;
  }>(
    'select failures, last_failed_at, locked_until, succeeded_at from login_addresses where account = $1 and client_ip = login_address_key($2)',
    [account, clientIp],
  );
  return row
    ? {
        failures: row.failures,
        lastFailedAt: row.last_failed_at,
        lockedUntil: row.locked_until,
        succeededAt: row.succeeded_at,
      }
    : null;
}

/** Failures on an account in the last lock-out window from addresses that never logged in to it. */
export async function failuresFromStrangers(
  sql: Sql,
  account: string,
  now: Date,
  policy: LoginPolicy,
): Promise<number> {
  const [row] = await sql.query<{ n: number }>(
    'select coalesce(sum(failures), 0)::int as n from login_addresses where account = $1 and succeeded_at is null and last_failed_at > $2',
    [account, new Date(now.getTime() - policy.lockoutMinutes * 60_000)],
  );
  return row.n;
}
