import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Only registered ledger writers append (decision 0036). The readers of the ledger (outbox relay,
 * checkpoints, level income) wait only for transactions that registered as writers before they took
 * a transaction id, instead of for every transaction of the server; that is safe only if no other
 * transaction can append. So the events table refuses, once per INSERT statement, a transaction that
 * did not register first (`sahyog.ledger_writer` is set, transaction-local, by the registration
 * statement: `registered`, or `late` when the transaction already had an id).
 */
export class LedgerWriters1763800018500 implements MigrationInterface {
  name = 'LedgerWriters1763800018500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create function events_require_registered_writer() returns trigger language plpgsql as $$
      begin
        if current_setting('sahyog.ledger_writer', true) is distinct from 'registered' then
          raise exception 'only a registered ledger writer may append to events (state: %)',
            coalesce(nullif(current_setting('sahyog.ledger_writer', true), ''), 'not registered')
            using errcode = 'object_not_in_prerequisite_state',
                  hint = 'register first in the transaction, before anything else: select pg_advisory_xact_lock_shared(5362, 36), set_config(''sahyog.ledger_writer'', ''registered'', true) (docs/decisions/0036)';
        end if;
        return null;
      end $$`);
    await q.query(
      `create trigger events_registered_writer before insert on events for each statement execute function events_require_registered_writer()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('drop trigger events_registered_writer on events');
    await q.query('drop function events_require_registered_writer()');
  }
}
