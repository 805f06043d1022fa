import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { MigrationInterface } from 'typeorm';
import { createApiApp } from '../../src/app.factory';
import { appUrlFrom } from '../../src/config/config';
import { createDataSource, Database } from '../../src/platform/db/database';
import { migrate } from '../../src/platform/db/migrate';
import { TEMPLATE_DB, testPgUrl, testRedisUrl, withDatabase } from './env';
import { testSigningKeyPem } from './ledger-keys';

export interface TestDatabase {
  name: string;
  ownerUrl: string;
  appUrl: string;
  /** Superuser connection (migrations, tampering, inspection). */
  owner: Database;
  /** Application-role connection: what the running product has. */
  app: Database;
  /** Closes both connections (so the database can serve as a template); `drop` still drops it. */
  disconnect(): Promise<void>;
  drop(): Promise<void>;
}

/**
 * A fresh database cloned from the migrated template, gone when the test file ends. `from.template`
 * clones another database instead (one a test prepared and closed); `from.migrations` starts empty
 * and runs only those migrations (a schema as an earlier release left it).
 */
export async function createTestDatabase(
  from: { template?: string; migrations?: Array<new () => MigrationInterface> } = {},
): Promise<TestDatabase> {
  const name = `sahyog_t_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: testPgUrl() });
  await admin.connect();
  try {
    await admin.query(
      from.migrations ? `create database ${name}` : `create database ${name} template ${from.template ?? TEMPLATE_DB}`,
    );
  } finally {
    await admin.end();
  }
  const ownerUrl = withDatabase(testPgUrl(), name);
  if (from.migrations) await migrate(ownerUrl, 'sahyog_app', from.migrations);
  const appUrl = appUrlFrom(ownerUrl, {});
  const ownerDs = await createDataSource(ownerUrl, { poolSize: 4 }).initialize();
  const appDs = await createDataSource(appUrl, { poolSize: 60 }).initialize();
  const disconnect = async () => {
    if (appDs.isInitialized) await appDs.destroy();
    if (ownerDs.isInitialized) await ownerDs.destroy();
  };
  return {
    name,
    ownerUrl,
    appUrl,
    owner: new Database(ownerDs),
    app: new Database(appDs),
    disconnect,
    async drop() {
      await disconnect();
      const c = new Client({ connectionString: testPgUrl() });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

export interface TestApp {
  app: NestFastifyApplication;
  db: TestDatabase;
  close(): Promise<void>;
}

/**
 * The real API (AppModule, Fastify, validation, filters) on a fresh database; rate limits high unless a test lowers them.
 * `root` is where it looks for member-web/dist and admin-web/dist (none by default).
 */
export async function startTestApp(env: Record<string, string> = {}, root = '/nonexistent'): Promise<TestApp> {
  const db = await createTestDatabase();
  Object.assign(process.env, {
    NODE_ENV: 'test',
    DATABASE_URL: db.ownerUrl,
    APP_DATABASE_URL: db.appUrl,
    REDIS_URL: process.env.TEST_REDIS_URL ?? '',
    // Queues and rate-limit counters of this app only: test files share one Redis.
    QUEUE_PREFIX: `sahyog-${db.name}`,
    JWT_SECRET: 'test-secret-of-sufficient-length',
    PUBLIC_URL: 'http://sahyog.test',
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
    RATE_LIMIT_FORGOT_PER_MINUTE: '100000',
    RATE_LIMIT_LOOKUPS_PER_MINUTE: '100000',
    RATE_LIMIT_REGISTER_PER_MINUTE: '100000',
    LEDGER_SIGNING_KEY: testSigningKeyPem(),
    AUDITOR_REDACTION_SALT: 'test-redaction-salt-of-sufficient-length',
    ...env,
  });
  const app = await createApiApp({ logger: false, root });
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

export { testRedisUrl };
