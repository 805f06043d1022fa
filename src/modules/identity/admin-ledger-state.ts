import { Sql } from '../../platform/db/sql';
import { AdminRole, adminStream } from './domain/admin.events';

/**
 * What an admin's rights are by the ledger alone: role, disabled flag, credential version and the
 * enabled second factor, folded from the admin's own stream as the admin_users projection folds them.
 * An admin login compares the projection's row with it (decision 0044): a role, flag or factor edited
 * in admin_users by the database's owner grants nothing. Null when the ledger has no such admin.
 */
export interface AdminLedgerState {
  role: AdminRole;
  disabled: boolean;
  credentialVersion: number;
  totpFactorId: string | null;
}

/** The event types the fold reads (the logins and failures in between change none of these columns). */
export const ADMIN_RIGHTS_EVENTS = [
  'AdminUserCreated',
  'AdminUserUpdated',
  'AdminPasswordChanged',
  'AdminTotpEnabled',
  'AdminTotpDisabled',
  'AdminTotpReset',
] as const;

interface RightsPayload {
  role?: AdminRole;
  disabled?: boolean;
  credentialVersion?: number;
  factorId?: string;
}

export async function adminLedgerState(sql: Sql, username: string): Promise<AdminLedgerState | null> {
  const events = await sql.query<{ type: string; payload: RightsPayload }>(
    'select type, payload from events where stream_id = $1 and type = any($2::text[]) order by stream_version',
    [adminStream(username), ADMIN_RIGHTS_EVENTS],
  );
  let state: AdminLedgerState | null = null;
  for (const { type, payload: p } of events) {
    if (type === 'AdminUserCreated') {
      state = { role: p.role!, disabled: false, credentialVersion: p.credentialVersion ?? 1, totpFactorId: null };
      continue;
    }
    if (!state) continue;
    if (type === 'AdminUserUpdated' || type === 'AdminPasswordChanged')
      state = {
        ...state,
        role: p.role ?? state.role,
        disabled: p.disabled ?? state.disabled,
        credentialVersion: p.credentialVersion ?? state.credentialVersion,
      };
    else if (type === 'AdminTotpEnabled') state = { ...state, totpFactorId: p.factorId ?? null };
    else state = { ...state, totpFactorId: null };
  }
  return state;
}

/** The first column of an admin_users row that differs from the ledger's fold, or null when they agree. */
export function adminRightsDiffer(
  row: { role: string; disabled: boolean; credentialVersion: number; totpFactorId: string | null },
  ledger: AdminLedgerState | null,
): { column: string; ledger: string; found: string } | null {
  if (!ledger) return { column: 'username', ledger: 'no such admin', found: 'a row' };
  const pairs: Array<[string, unknown, unknown]> = [
    ['role', ledger.role, row.role],
    ['disabled', ledger.disabled, row.disabled],
    ['credential_version', ledger.credentialVersion, row.credentialVersion],
    ['totp_factor_id', ledger.totpFactorId, row.totpFactorId],
  ];
  for (const [column, want, found] of pairs)
    if (want !== found) return { column, ledger: String(want), found: String(found) };
  return null;
}
