import { Sql } from '../../platform/db/sql';
import { Locked } from '../../platform/event-store/locked';
import { FOUR_EYES_ID, FourEyesState, fourEyesStream } from './domain/four-eyes.events';

/** A four-eyes request under its row's lock: concurrent approvals queue here, and the second sees it decided. */
export async function lockFourEyes(tx: Sql, id: string): Promise<Locked<FourEyesState> | null> {
  if (!FOUR_EYES_ID.test(id)) return null;
  const [row] = await tx.query<{
    id: string;
    action: FourEyesState['action'];
    maker: string;
    status: FourEyesState['status'];
    request: FourEyesState['request'];
    member_uid: string | null;
    expires_at: Date;
    version: number;
  }>(
    'select id, action, maker, status, request, member_uid, expires_at, version from four_eyes_requests where id = $1 for update',
    [id],
  );
  if (!row) return null;
  return {
    streamId: fourEyesStream(row.id),
    state: {
      id: row.id,
      action: row.action,
      maker: row.maker,
      status: row.status,
      request: row.request,
      member: row.member_uid,
      expiresAt: row.expires_at,
    },
    version: row.version,
    headHash: null,
  };
}

/** Active (not disabled) admins who hold a role that may approve a role grant or most actions. */
export async function activePrivilegedAdmins(sql: Sql): Promise<number> {
  const [row] = await sql.query<{ n: number }>(
    "select count(*)::int as n from admin_users where not disabled and role in ('superadmin', 'approver')",
  );
  return row.n;
}
