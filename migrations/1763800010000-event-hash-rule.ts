import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which hash rule each event was hashed by (decision 0015, "Upgrading an existing ledger"): 1, the
 * previous release's sha256(prev + "\n" + canonical content); 2, sha256(prev + "\n" +
 * sha256(canonical content)). Nothing in the ledger is rewritten:
 *
 * - ADD COLUMN with a constant default stores the value once in the catalogue (PostgreSQL 11+),
 *   so every existing row reads 1 without being touched: no row trigger fires, no tuple is
 *   written, the append-only triggers and the application role's SELECT/INSERT-only grant stay as
 *   they are (ALTER TABLE changes neither).
 * - The default is then dropped, not set to 2: the product names the rule in its INSERT (it is the
 *   code that chose the rule), so the only writers a default would ever label are ones that do not
 *   know the column — a process of the previous release still running during the upgrade, which
 *   hashes by rule 1. A default of 2 would record its events under the wrong rule for good (the
 *   table is append-only); with no default, its INSERT fails (NOT NULL) and it retries after the
 *   upgrade, through the new code.
 */
export class EventHashRule1763800010000 implements MigrationInterface {
  name = 'EventHashRule1763800010000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`alter table events add column hash_rule smallint not null default 1`);
    await q.query(`alter table events alter column hash_rule drop default`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`alter table events drop column hash_rule`);
  }
}
