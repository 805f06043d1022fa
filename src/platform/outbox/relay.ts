import { Database } from '../db/database';
import { prepared } from '../db/sql';
import {
  describeHorizonHolders,
  HORIZON_WAIT_LOG_MS,
  ledgerHorizon,
  ledgerHorizonHolders,
} from '../event-store/ledger-order';
import { jobIdFor, OutboxJob } from '../jobs/queues';

export const RELAY_CURSOR = 'outbox-relay';
/** Events read per pump; a named limit so one pump stays short. */
export const RELAY_BATCH = 500;

const ENSURE_CURSOR_SQL = prepared('insert into subscription_cursors (name) values ($1) on conflict do nothing');
const LOCK_CURSOR_SQL = prepared(
  'select tx_id::text as tx_id, position::text as position from subscription_cursors where name = $1 for update',
);
const NEXT_EVENTS_SQL = prepared(
  `select position::text as position, tx_id::text as tx_id, type, stream_id from events
    where (tx_id, position) > ($1::xid8, $2::bigint)
      and tx_id < ${ledgerHorizon('pg_current_snapshot()')}
    order by events.tx_id, events.position
    limit $3`,
);
/** The oldest committed event past the relay's cursor, in the order it delivers: what it is waiting to deliver. */
const OLDEST_WAITING_SQL = prepared(
  `select e.tx_id::text as tx_id from events e join subscription_cursors c on c.name = $1
    where (e.tx_id, e.position) > (c.tx_id, c.position)
    order by e.tx_id, e.position limit 1`,
);
const SAVE_CURSOR_SQL = prepared(
  'update subscription_cursors set tx_id = $2::xid8, position = $3, updated_at = now() where name = $1',
);

export interface JobSink {
  add(queue: string, name: string, data: OutboxJob, jobId: string): Promise<void>;
}

/**
 * Moves committed events to BullMQ. It reads in (transaction id, position) order and only below
 * the ledger's horizon (the oldest ledger writer still in flight, `ledgerHorizon`), so an event
 * whose transaction commits after a later position was already read is still delivered: positions
 * are handed out at insert time, not at commit time, and a plain "position > cursor" reader would
 * skip it. Transactions that cannot append (not registered writers) hold nothing back (decision 0036).
 */
export class OutboxRelay {
  constructor(
    private readonly db: Database,
    private readonly routes: Readonly<Record<string, string | readonly string[]>>,
    private readonly sink: JobSink,
    private readonly cursorName = RELAY_CURSOR,
  ) {}

  /** One pass; returns how many events it moved past (routed or not). */
  async pumpOnce(limit = RELAY_BATCH): Promise<number> {
    return this.db.transaction(
      async (tx) => {
        // The cursor row exists after the first pass; reading it first lets BEGIN share its round trip.
        let [cursor] = await tx.query<{ tx_id: string; position: string }>(LOCK_CURSOR_SQL, [this.cursorName]);
        if (!cursor) {
          await tx.execute(ENSURE_CURSOR_SQL, [this.cursorName]);
          [cursor] = await tx.query<{ tx_id: string; position: string }>(LOCK_CURSOR_SQL, [this.cursorName]);
        }
        const events = await tx.query<{ position: string; tx_id: string; type: string; stream_id: string }>(
          NEXT_EVENTS_SQL,
          [cursor.tx_id, cursor.position, limit],
        );
        for (const event of events) {
          const route = this.routes[event.type];
          if (!route) continue;
          // An event routed to several queues (a top-up: income and team totals) is added to them at once.
          await Promise.all(
            (typeof route === 'string' ? [route] : route).map((queue) =>
              this.sink.add(
                queue,
                event.type,
                { position: event.position, type: event.type, streamId: event.stream_id },
                jobIdFor(queue, event.position),
              ),
            ),
          );
        }
        const last = events[events.length - 1];
        if (last) {
          await tx.execute(SAVE_CURSOR_SQL, [this.cursorName, last.tx_id, last.position]);
        }
        return events.length;
      },
      // It appends nothing: it must not hold back the other relays' and the checkpoints' horizon.
      { appends: false },
    );
  }
}

/** How often, at most, an idle relay looks whether an event waits behind the horizon. */
const STALL_LOOK_EVERY_MS = 1000;

/**
 * Names what holds the relay back: after a pass that moved nothing, it looks (at most once a second)
 * for a committed event past the cursor — one the horizon keeps the relay from delivering. Once the
 * same event has waited `afterMs` (10 s), it tells `warn` which transactions hold the horizon (xid,
 * pid, application_name, query), once per event: a long ledger writer delays income and checkpoints,
 * and the log says who it is.
 */
export class RelayStallWatch {
  private waiting: { txId: string; since: number; told: boolean } | null = null;
  private lookedAt = 0;

  constructor(
    private readonly db: Database,
    private readonly warn: (message: string) => void,
    private readonly cursorName = RELAY_CURSOR,
    private readonly afterMs = HORIZON_WAIT_LOG_MS,
  ) {}

  async afterPass(moved: number, now = Date.now()): Promise<void> {
    if (moved > 0) {
      this.waiting = null;
      return;
    }
    if (now - this.lookedAt < Math.min(STALL_LOOK_EVERY_MS, this.afterMs)) return;
    this.lookedAt = now;
    const [oldest] = await this.db.query<{ tx_id: string }>(OLDEST_WAITING_SQL, [this.cursorName]);
    if (!oldest) {
      this.waiting = null;
      return;
    }
    if (this.waiting?.txId !== oldest.tx_id) {
      this.waiting = { txId: oldest.tx_id, since: now, told: false };
      if (this.afterMs > 0) return;
    }
    if (this.waiting.told || now - this.waiting.since < this.afterMs) return;
    this.waiting.told = true;
    const holders = await ledgerHorizonHolders(this.db, oldest.tx_id);
    this.warn(
      `the outbox relay has waited ${Math.round((now - this.waiting.since) / 1000)} s to deliver the events of transaction ${oldest.tx_id}: ` +
        `held by ${describeHorizonHolders(holders)}`,
    );
  }
}
