import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What waits in each queue (decision 0054): the count and the sum of `remaining_paise` of the
 * entries with something unmatched, per side and per hour of the entries' `since` (whole hours since
 * the epoch: a member's place in the queue is the entries of the hours before theirs plus a count
 * within their own hour), kept as signed deltas that a statement-level trigger on
 * `queue_entries` appends in the same transaction as the change — so the dashboard and network
 * health read a handful of rows instead of every waiting entry on each call, and the figures are
 * exact (what `select side, count(*), sum(remaining_paise) … where remaining_paise > 0` says).
 * Insert-only: no row is ever locked by two writers, so matching and members' requests never queue
 * on it. `compact_queue_waiting_totals()` folds the rows into one per side and hour, dropping hours
 * where nothing waits (the help sweeper calls it). Not a projection of its own: it is a function of `queue_entries` (which replay rebuilds and
 * compares), maintained by the database for every statement that changes that table; the ledger
 * audit checks the two agree.
 */
export class QueueWaitingTotals1763800020800 implements MigrationInterface {
  name = 'QueueWaitingTotals1763800020800';

  async up(q: QueryRunner): Promise<void> {
    // No writer of queue_entries may slip between the backfill and the trigger.
    await q.query('lock table queue_entries in share row exclusive mode');
    await q.query(`
      create table queue_waiting_totals (
        side            text   not null check (side in ('PH', 'GH')),
        hour            bigint not null,
        entries         bigint not null,
        remaining_paise bigint not null
      )`);
    await q.query(`
      create function queue_waiting_totals_delta() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into queue_waiting_totals (side, hour, entries, remaining_paise)
          select side, floor(extract(epoch from since) / 3600)::bigint, count(*) filter (where remaining_paise > 0), sum(remaining_paise)
            from new_rows group by 1, 2 having count(*) filter (where remaining_paise > 0) <> 0 or sum(remaining_paise) <> 0;
        elsif tg_op = 'UPDATE' then
          insert into queue_waiting_totals (side, hour, entries, remaining_paise)
          select side, floor(extract(epoch from since) / 3600)::bigint, sum(entries), sum(paise)
            from (select side, since, (remaining_paise > 0)::int as entries, remaining_paise as paise from new_rows
                  union all
                  select side, since, -(remaining_paise > 0)::int, -remaining_paise from old_rows) d
           group by 1, 2 having sum(entries) <> 0 or sum(paise) <> 0;
        else
          insert into queue_waiting_totals (side, hour, entries, remaining_paise)
          select side, floor(extract(epoch from since) / 3600)::bigint, -count(*) filter (where remaining_paise > 0), -sum(remaining_paise)
            from old_rows group by 1, 2 having count(*) filter (where remaining_paise > 0) <> 0 or sum(remaining_paise) <> 0;
        end if;
        return null;
      end $$`);
    await q.query(`create trigger queue_waiting_totals_insert after insert on queue_entries
      referencing new table as new_rows for each statement execute function queue_waiting_totals_delta()`);
    await q.query(`create trigger queue_waiting_totals_update after update on queue_entries
      referencing old table as old_rows new table as new_rows for each statement execute function queue_waiting_totals_delta()`);
    await q.query(`create trigger queue_waiting_totals_delete after delete on queue_entries
      referencing old table as old_rows for each statement execute function queue_waiting_totals_delta()`);
    // TRUNCATE fires no row or statement trigger above: nothing waits afterwards.
    await q.query(`create function queue_waiting_totals_emptied() returns trigger language plpgsql as $$
      begin delete from queue_waiting_totals; return null; end $$`);
    await q.query(`create trigger queue_waiting_totals_truncate after truncate on queue_entries
      for each statement execute function queue_waiting_totals_emptied()`);
    await q.query(`
      create function compact_queue_waiting_totals() returns void language sql as $$
        with folded as (delete from queue_waiting_totals returning side, hour, entries, remaining_paise)
        insert into queue_waiting_totals (side, hour, entries, remaining_paise)
        select side, hour, sum(entries), sum(remaining_paise) from folded group by side, hour
        having sum(entries) <> 0 or sum(remaining_paise) <> 0
      $$`);
    await q.query(`
      insert into queue_waiting_totals (side, hour, entries, remaining_paise)
      select side, floor(extract(epoch from since) / 3600)::bigint, count(*), sum(remaining_paise)
        from queue_entries where remaining_paise > 0 group by 1, 2`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const op of ['insert', 'update', 'delete', 'truncate'])
      await q.query(`drop trigger queue_waiting_totals_${op} on queue_entries`);
    await q.query('drop function compact_queue_waiting_totals()');
    await q.query('drop function queue_waiting_totals_emptied()');
    await q.query('drop function queue_waiting_totals_delta()');
    await q.query('drop table queue_waiting_totals');
  }
}
