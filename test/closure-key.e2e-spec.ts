import { ClosureKey1763800021100 } from '../migrations/1763800021100-closure-key';
import { createTestDatabase, TestDatabase } from './support/test-app';

/**
 * Decision 0060 (issue 22 §7's bytes): `member_tree` is keyed by (descendant_uid, ancestor_uid) — the
 * same unique pair as before, its columns turned round — in place of (ancestor_uid, descendant_uid)
 * plus a separate index on (descendant_uid, depth): one index fewer, the same constraint.
 */
describe('the closure keyed by (descendant_uid, ancestor_uid) (migration 1763800021100)', () => {
  let db: TestDatabase;
  const indexes = () =>
    db.owner.query<{ indexname: string; indexdef: string }>(
      `select indexname, replace(indexdef, 'public.', '') as indexdef from pg_indexes where tablename = 'member_tree' order by 1`,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('has two indexes, and its key refuses an ancestor twice for one member', async () => {
    expect(await indexes()).toEqual([
      {
        indexname: 'member_tree_level_idx',
        indexdef: 'CREATE INDEX member_tree_level_idx ON member_tree USING btree (ancestor_uid, depth, descendant_uid)',
      },
      {
        indexname: 'member_tree_pkey',
        indexdef: 'CREATE UNIQUE INDEX member_tree_pkey ON member_tree USING btree (descendant_uid, ancestor_uid)',
      },
    ]);
    await db.owner.query(
      `insert into member_tree (ancestor_uid, descendant_uid, depth) values ('100000', '100001', 1)`,
    );
    await expect(
      db.owner.query(`insert into member_tree (ancestor_uid, descendant_uid, depth) values ('100000', '100001', 2)`),
    ).rejects.toThrow(/member_tree_pkey/);
    await db.owner.query('delete from member_tree');
  });

  it('goes down to the previous key and index and up again with the rows in place', async () => {
    await db.owner.query(
      `insert into member_tree (ancestor_uid, descendant_uid, depth)
       values ('100000', '100001', 1), ('100000', '100002', 2), ('100001', '100002', 1)`,
    );
    const migration = new ClosureKey1763800021100();
    const runner = db.owner.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await migration.down(runner);
      expect((await indexes()).map((i) => i.indexdef)).toEqual([
        'CREATE INDEX member_tree_descendant_idx ON member_tree USING btree (descendant_uid, depth)',
        'CREATE INDEX member_tree_level_idx ON member_tree USING btree (ancestor_uid, depth, descendant_uid)',
        'CREATE UNIQUE INDEX member_tree_pkey ON member_tree USING btree (ancestor_uid, descendant_uid)',
      ]);
      await migration.up(runner);
      expect((await indexes()).map((i) => i.indexname)).toEqual(['member_tree_level_idx', 'member_tree_pkey']);
      const [{ n }] = await db.owner.query<{ n: number }>('select count(*)::int as n from member_tree');
      expect(n).toBe(3);
    } finally {
      await runner.release();
      await db.owner.query('delete from member_tree');
    }
  });
});
