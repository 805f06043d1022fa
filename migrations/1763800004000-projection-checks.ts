import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two functions the inline projections use so that everything they check is checked by
 * PostgreSQL itself, inside the statement (docs/decisions/0011-projections-as-statements.md):
 * an append, its projections and COMMIT can then go to the server in one write, since no check is
 * left for Node to make after the fact.
 *
 * - `ledger_assert(ok, what)`: raises SQLSTATE LG001 ("Invariant violated: <what>") unless `ok`;
 *   a conditional projection change ("this e-pin is unused at version n") is wrapped so that it
 *   fails the statement, and with it the transaction, when it does not change exactly one row.
 * - `event_position(stream, version)`: the position of an event of this transaction, which the
 *   projection writes without having seen the INSERT's answer; raises LG001 if there is none.
 *
 * Both resolve `events` through the search_path, as the projections' own tables do, so `ledger
 * replay` (scratch schema first, then public) runs them unchanged.
 */
export class ProjectionChecks1763800004000 implements MigrationInterface {
  name = 'ProjectionChecks1763800004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create function ledger_assert(ok boolean, what text) returns void
      language plpgsql immutable parallel safe as $$
      begin
        if ok is not true then
          raise exception using errcode = 'LG001', message = 'Invariant violated: ' || what;
        end if;
      end $$`);
    await q.query(`
      create function event_position(stream text, version integer) returns bigint
      language plpgsql stable parallel safe as $$
      declare found bigint;
      begin
        select e.position into found from events e where e.stream_id = stream and e.stream_version = version;
        if found is null then
          raise exception using errcode = 'LG001', message = format('Invariant violated: no event %s v%s to project', stream, version);
        end if;
        return found;
      end $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('drop function event_position(text, integer)');
    await q.query('drop function ledger_assert(boolean, text)');
  }
}
