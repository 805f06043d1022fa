import 'reflect-metadata';
import { join } from 'node:path';
import { migrate } from '../platform/db/migrate';

/** `node dist/cli/migrate.js`: DATABASE_URL is the owner connection. */
async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const ran = await migrate(url, process.env.APP_DB_PASSWORD || 'sahyog_app', [
    join(__dirname, '..', 'migrations', '[0-9]*.js'),
  ]);
  console.log(ran.length ? `migrations applied: ${ran.join(', ')}` : 'schema is up to date');
}

main().catch((error) => {
  console.error(`migrate failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
