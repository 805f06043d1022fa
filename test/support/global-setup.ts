import { Client } from 'pg';
import { migrate } from '../../src/platform/db/migrate';
import { ALL_MIGRATIONS } from '../../migrations';
import { TEMPLATE_DB, testPgUrl, withDatabase } from './env';

/** Migrates one template database; every test file then clones it (CREATE DATABASE … TEMPLATE), which takes milliseconds. */
export default async function globalSetup(): Promise<void> {
  const admin = new Client({ connectionString: testPgUrl() });
  await admin.connect();
  try {
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [TEMPLATE_DB]);
    await admin.query(`drop database if exists ${TEMPLATE_DB}`);
    await admin.query(`create database ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  await migrate(withDatabase(testPgUrl(), TEMPLATE_DB), 'sahyog_app', ALL_MIGRATIONS);
}
