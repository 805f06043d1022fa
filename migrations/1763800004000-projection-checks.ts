import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `ledger_assert(ok, what)`: raises SQLSTATE LG001 ("Invariant violated: <what>") unless `ok`.
 * The inline projections wrap every change that must hit an exact number of rows ("this e-pin is
 * unused at version n") so that PostgreSQL itself fails the statement, and with it the
 * transaction, otherwise (docs/decisions/0011-projections-as-statements.md): an append, its
 * projections and COMMIT can then go to the server in one write, since no check is left for Node
 * to make after the fact.
 */
export class ProjectionChecks1763800004000 implements MigrationInterface {
  name = 'ProjectionChecks1763800004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create function ledger_assert(ok boolean, what text) returns void
      language plpgsql volatile as $$
      begin
        if ok is not true then
          raise exception using errcode = 'LG001', message = 'Invariant violated: ' || what;
        end if;
      end $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('drop function ledger_assert(boolean, text)');
  }
}
