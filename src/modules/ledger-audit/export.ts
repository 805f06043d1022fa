import { Writable } from 'node:stream';
import { Sql } from '../../platform/db/database';
import { canonicalJson } from '../../platform/event-store/canonical';
import { EVENT_COLUMNS, EventRow, toStoredEvent } from '../../platform/event-store/event.types';

export const EXPORT_BATCH = 5000;

/**
 * Writes every event as one NDJSON line in position order, with its transaction id and hash,
 * in the canonical form docs/ledger-format.md describes, so anyone can re-check the chains.
 */
export async function exportLedger(sql: Sql, out: Writable): Promise<number> {
  let after = '0';
  let written = 0;
  for (;;) {
    const rows = await sql.query<EventRow>(`select ${EVENT_COLUMNS} from events where events.position > $1 order by events.position limit ${EXPORT_BATCH}`, [after]);
    for (const row of rows) {
      const e = toStoredEvent(row);
      const line = canonicalJson({ ...e }) + '\n';
      if (!out.write(line)) await new Promise((resolve) => out.once('drain', resolve));
      written += 1;
    }
    if (rows.length < EXPORT_BATCH) return written;
    after = rows[rows.length - 1].position;
  }
}
