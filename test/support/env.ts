/** The throwaway servers `npm test` started. Tests never fall back to a developer's database. */
export function testPgUrl(): string {
  const url = process.env.TEST_PG_URL;
  if (!url)
    throw new Error(
      'TEST_PG_URL is not set: run the suite through `npm test`, which starts a throwaway PostgreSQL and Redis',
    );
  return url;
}

export function testRedisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_REDIS_URL is not set: run the suite through `npm test`');
  return url;
}

export const TEMPLATE_DB = 'sahyog_e2e_template';

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
