import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `verify` rebuilds every projection from the events and compares it with the live tables
 * (docs/decisions/0043-verify-rebuilds-every-projection.md). The auditor's verify runs in the API,
 * on the application role, which may not create schemas (a role that may could plant a schema named
 * after another role, first on that role's search_path): it rebuilds into this one schema, where it may
 * create tables (its own, which it drops), on nobody's search_path. One run at a time (an advisory lock); a run
 * drops the tables it made, and the next run drops those of a run that died.
 */
export class VerifyScratch1763800019500 implements MigrationInterface {
  name = 'VerifyScratch1763800019500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`create schema verify_scratch`);
    await q.query(`grant usage, create on schema verify_scratch to sahyog_app`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`drop schema verify_scratch cascade`);
  }
}
