import { Client } from 'pg';
import { DataSource, MigrationInterface } from 'typeorm';
import { assertTransactionIdsAhead } from '../event-store/ledger-order';

export const APP_ROLE = 'sahyog_app';

/**
 * Creates (or re-passwords) the application role, then runs pending migrations, each in its own
 * transaction, on the owner connection, and refuses a database whose ledger's transaction ids are
 * ahead of the server's (a logical restore into a new cluster; see ledger-order.ts). The owner
 * needs CREATEROLE (a local or compose superuser has it).
 */
export async function migrate(
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
