import { Sql } from '../../../../platform/db/sql';
import { MAX_HISTORY_ROWS, numbered } from '../../../../platform/member-history';

/**
 * `UserHelpDeskHistory` (spec §3 Helpdesk ticket): the caller's tickets, newest first, each with
 * the desk's latest reply ('' until there is one); `ee` is when it was raised.
 */
export async function helpdeskHistory(db: Sql, uid: string): Promise<Array<Record<string, unknown>>> {
  const rows = await db.query<{
    id: string;
    uid: string;
    query: string;
    status: string;
    reply: string;
    raised_at: Date;
  }>(
    `select id, uid, query, status, reply, raised_at from tickets where uid = $1
      order by raised_at desc, id limit ${MAX_HISTORY_ROWS}`,
    [uid],
  );
  return numbered(
    rows.map((r) => ({
      user_id: r.uid,
      ticket_id: r.id,
      query: r.query,
      status: r.status,
      reply_message: r.reply,
      ee: r.raised_at.toISOString(),
    })),
  );
}
