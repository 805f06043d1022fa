import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { ALL_MIGRATIONS } from '../migrations';
import { migrate } from '../src/platform/db/migrate';
import { testPgUrl, withDatabase } from './support/env';

async function onServer<T>(work: (client: Client) => Promise<T>, url = testPgUrl()): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// Proves migrations run once under an advisory lock (issue 19 §6: compose's one-shot migrate service,
// or several processes started at once): three runs started together on an empty database all
// succeed, one applies every migration, the others find nothing pending, and each migration is
// recorded once.
describe('migrate: one run at a time (advisory lock)', () => {
  it('three concurrent runs on an empty database apply each migration exactly once', async () => {
    const name = `sahyog_t_${randomBytes(5).toString('hex')}`;
    await onServer((c) => c.query(`create database ${name}`));
    const url = withDatabase(testPgUrl(), name);
    try {
      const runs = await Promise.all([1, 2, 3].map(() => migrate(url, 'sahyog_app', ALL_MIGRATIONS)));
      expect(runs.map((names) => names.length).sort((a, b) => b - a)).toEqual([ALL_MIGRATIONS.length, 0, 0]);
      const { rows } = await onServer(
        (c) =>
          c.query<{ total: number; names: number }>(
            'select count(*)::int as total, count(distinct name)::int as names from schema_migrations',
          ),
        url,
      );
      expect(rows).toEqual([{ total: ALL_MIGRATIONS.length, names: ALL_MIGRATIONS.length }]);
    } finally {
      await onServer((c) => c.query(`drop database if exists ${name} with (force)`));
    }
  });
});
