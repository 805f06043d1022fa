import { ALL_MIGRATIONS } from '../migrations';
import { migrate } from '../src/platform/db/migrate';
import { createTestDatabase } from './support/test-app';

// Proves migrations run once under an advisory lock (issue 19 §6: compose's one-shot migrate service,
// or several processes started at once): three runs started together on an empty database all
// succeed, one applies every migration, the others find nothing pending, and each migration is
// recorded once.
describe('migrate: one run at a time (advisory lock)', () => {
  it('three concurrent runs on an empty database apply each migration exactly once', async () => {
    const db = await createTestDatabase({ migrations: [] });
    try {
      const runs = await Promise.all([1, 2, 3].map(() => migrate(db.ownerUrl, 'sahyog_app', ALL_MIGRATIONS)));
      const applied = runs.map((names) => names.length).sort((a, b) => b - a);
      expect(applied).toEqual([ALL_MIGRATIONS.length, 0, 0]);
      const rows = await db.owner.query<{ name: string; n: string }>(
        'select name, count(*)::text as n from schema_migrations group by name having count(*) > 1',
      );
      expect(rows).toEqual([]);
      const [{ total }] = await db.owner.query<{ total: number }>(
        'select count(*)::int as total from schema_migrations',
      );
      expect(total).toBe(ALL_MIGRATIONS.length);
    } finally {
      await db.drop();
    }
  });
});
