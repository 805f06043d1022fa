import { Client } from 'pg';
import { DataSource, MigrationInterface } from 'typeorm';
import { assertTransactionIdsAhead } from '../event-store/ledger-order';
import { firstWritableUrl } from './multi-host';

export const APP_ROLE = 'sahyog_app';
/** The advisory lock every migration run holds (any 64-bit number no other code takes): 'sahyogmg'. */
export const MIGRATION_LOCK = '8385165771863631719';

/**
 * Under a session advisory lock (MIGRATION_LOCK), so that two processes started at once — two
 * replicas, a one-shot migrate service racing a restart — migrate one after the other: the second
 * waits, then finds nothing pending. Creates (or re-passwords) the application role, then runs pending migrations, each in its own
 * transaction, on the owner connection, and refuses a database whose ledger's transaction ids are
 * ahead of the server's (a logical restore into a new cluster; see ledger-order.ts). The owner
 * needs CREATEROLE (a local or compose superuser has it).
 */
export async function migrate(
  givenUrl: string,
  appPassword: string,
  migrations: Array<new () => MigrationInterface> | string[],
): Promise<string[]> {
  const ownerUrl = await firstWritableUrl(givenUrl);
  const lock = new Client({ connectionString: ownerUrl, application_name: 'sahyog-migrate' });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK]);
    return await migrateLocked(ownerUrl, appPassword, migrations);
  } finally {
    // ending the session releases the lock
    await lock.end();
  }
}

async function migrateLocked(
  ownerUrl: string,
  appPassword: string,
  migrations: Array<new () => MigrationInterface> | string[],
): Promise<string[]> {
  const client = new Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
    const verb = exists.rowCount ? 'alter' : 'create';
    const [{ sql }] = (
      await client.query<{ sql: string }>(
        `select format('${verb} role ${APP_ROLE} login password %L', $1::text) as sql`,
        [appPassword],
      )
    ).rows;
    await client.query(sql);
  } finally {
    await client.end();
  }
  const dataSource = new DataSource({
    type: 'postgres',
    url: ownerUrl,
    migrations,
    migrationsTableName: 'schema_migrations',
    logging: false,
  });
  await dataSource.initialize();
  try {
    const ran = await dataSource.runMigrations({ transaction: 'each' });
    await assertTransactionIdsAhead((text) => dataSource.query(text));
    return ran.map((m) => m.name);
  } finally {
    await dataSource.destroy();
  }
}
