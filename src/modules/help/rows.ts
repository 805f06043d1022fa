import { Sql } from '../../platform/db/sql';

/** Whether the member has a help request that is not closed (read under the member's row lock). */
export async function hasOpenHelpRequest(tx: Sql, uid: string): Promise<boolean> {
  const open = await tx.query("select 1 from help_requests where uid = $1 and status <> 'closed'", [uid]);
  return open.length > 0;
}
