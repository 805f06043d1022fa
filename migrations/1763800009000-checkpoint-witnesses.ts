import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each signed checkpoint covered, leaf by leaf: the (position, hash) of every event, in the
 * order of its digest. The checkpoint signs only the chained digest; these rows let `verify` name
 * the first event whose hash no longer matches what was signed, instead of the checkpoint. They
 * prove themselves: re-chaining them must give the signed digest, so a superuser who edits them
 * only loses the pointer, never the failure. Append-only, like the event table.
 */
export class CheckpointWitnesses1763800009000 implements MigrationInterface {
  name = 'CheckpointWitnesses1763800009000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create table checkpoint_witnesses (
        checkpoint_version integer  primary key,
        positions          bigint[] not null,
        hashes             text[]   not null,
        check (cardinality(positions) = cardinality(hashes))
      )`);
    await q.query(`revoke update, delete, truncate on checkpoint_witnesses from sahyog_app`);
    await q.query(`grant select, insert on checkpoint_witnesses to sahyog_app`);
    await q.query(`create trigger checkpoint_witnesses_append_only before update or delete on checkpoint_witnesses for each row execute function events_refuse_change()`);
    await q.query(`create trigger checkpoint_witnesses_no_truncate before truncate on checkpoint_witnesses for each statement execute function events_refuse_change()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('drop table checkpoint_witnesses');
  }
}
