import { Writable } from 'node:stream';
import { Sql } from '../../platform/db/sql';
import { canonicalJson } from '../../platform/event-store/canonical';
import { EVENT_COLUMNS, EventRow, toStoredEvent } from '../../platform/event-store/event.types';
import { EventView, wholeEvent } from './redaction';

export const EXPORT_BATCH = 5000;

/** Writes a line, waiting while the reader is behind; fails if the reader went away (a closed download). */
async function write(out: Writable, line: string): Promise<void> {
  if (out.destroyed) throw new Error('export stream closed by its reader');
  if (out.write(line)) return;
  await new Promise<void>((resolve, reject) => {
    const drained = () => {
      out.off('close', closed);
      resolve();
    };
    const closed = () => {
      out.off('drain', drained);
      reject(new Error('export stream closed by its reader'));
    };
    out.once('drain', drained);
    out.once('close', closed);
  });
}

/**
 * Writes every event as one NDJSON line in position order, with its transaction id, content hash
 * and hash, in the canonical form docs/ledger-format.md describes, so anyone can re-check the
 * chains. `view` decides what of each event leaves (the auditor's drops personal values).
 */
export async function exportLedger(sql: Sql, out: Writable, view: EventView = wholeEvent): Promise<number> {
  let after = '0';
  let written = 0;
  // Streams an earlier line of which went out without its hash: their later hashes chain over it,
  // so they stay out too (decision 0015). One entry per such stream, not per event.
  const hidden = new Set<string>();
  for (;;) {
    const rows = await sql.query<EventRow>(
      `select ${EVENT_COLUMNS} from events where events.position > $1 order by events.position limit ${EXPORT_BATCH}`,
      [after],
    );
    for (const row of rows) {
      const line = view(toStoredEvent(row), hidden.has(row.stream_id));
      if (line.hash === undefined) hidden.add(row.stream_id);
      await write(out, canonicalJson(line) + '\n');
      written += 1;
    }
    if (rows.length < EXPORT_BATCH) return written;
    after = rows[rows.length - 1].position;
  }
}
