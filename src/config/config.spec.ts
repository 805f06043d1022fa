import { generateKeyPairSync } from 'node:crypto';
import { LedgerKeys } from '../platform/event-store/signing';
import { loadConfig } from './config';

// Proves CORS is opened to PUBLIC_URL's origin and the named extra origins only, and that a malformed entry stops the start.
describe('loadConfig: CORS origins', () => {
  // NODE_ENV=test: a throwaway signing key, so only the CORS rules are under test here.
  const base = { NODE_ENV: 'test', DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' };

  it("allows PUBLIC_URL's origin (not its path) and each CORS_ORIGINS entry, once", () => {
    const config = loadConfig({
      ...base,
      PUBLIC_URL: 'https://sahyog.example/app/',
      CORS_ORIGINS: ' https://partner.example:8443 ,https://sahyog.example,, ',
    });
    expect(config.corsOrigins).toEqual(['https://sahyog.example', 'https://partner.example:8443']);
  });

  it('defaults to the local address', () => {
    expect(loadConfig({ ...base, PORT: '3100' }).corsOrigins).toEqual(['http://localhost:3100']);
  });

  it.each(['*', 'partner.example', 'ftp://partner.example', 'javascript:alert(1)'])(
    'refuses CORS_ORIGINS=%s with a message naming the variable',
    (origin) => {
      expect(() => loadConfig({ ...base, CORS_ORIGINS: origin })).toThrow(/CORS_ORIGINS must hold http\(s\) addresses/);
    },
  );
});

// Proves MAIL_USE_CATCHER=false means the same as unset: production then needs MAIL_URL (docker-compose passes the user's value only).
describe('loadConfig: MAIL_USE_CATCHER', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
    JWT_SECRET: 'j'.repeat(32),
    AUDITOR_REDACTION_SALT: 's'.repeat(32),
    PAYMENTS_USE_DOUBLE: 'true',
  };
  const withKey = () => ({
    ...production,
    LEDGER_SIGNING_KEY:
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: production.DATABASE_URL }).ledger.signingKeyPem ?? '',
  });

  it.each(['', 'false'])('MAIL_USE_CATCHER="%s" in production without MAIL_URL stops the start', (value) => {
    expect(() => loadConfig({ ...withKey(), MAIL_USE_CATCHER: value })).toThrow(
      'NODE_ENV=production needs MAIL_URL, or MAIL_USE_CATCHER=true to keep mail in the local catcher',
    );
  });

  it('MAIL_USE_CATCHER=false with MAIL_URL starts, with real mail', () => {
    expect(
      loadConfig({ ...withKey(), MAIL_USE_CATCHER: 'false', MAIL_URL: 'smtp://u:p@mail.example.com:587' }).mailUrl,
    ).toBe('smtp://u:p@mail.example.com:587');
  });

  it('anything but true, false or unset stops the start', () => {
    expect(() => loadConfig({ ...withKey(), MAIL_USE_CATCHER: 'yes' })).toThrow(
      'MAIL_USE_CATCHER must be true, false or unset, got "yes"',
    );
  });
});

// Proves the database limits and API_PROCESSES (issue 19 §2, §4; decision 0037) are read with their defaults and checked.
describe('loadConfig: database limits and API processes', () => {
  const base = { NODE_ENV: 'test', DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' };

  it('defaults to a pool of 20, 10 s to connect, 15 s per statement, 60 s idle in a transaction', () => {
    expect(loadConfig(base).db).toEqual({
      poolSize: 20,
      connectTimeoutMs: 10_000,
      statementTimeoutMs: 15_000,
      idleInTransactionTimeoutMs: 60_000,
    });
    expect(loadConfig({ ...base, DB_POOL_SIZE: '7', DB_STATEMENT_TIMEOUT_MS: '30000' }).db).toMatchObject({
      poolSize: 7,
      statementTimeoutMs: 30_000,
    });
  });

  it.each(['0', '-1', 'ten'])('refuses DB_POOL_SIZE=%s with a message naming the variable', (value) => {
    expect(() => loadConfig({ ...base, DB_POOL_SIZE: value })).toThrow(/DB_POOL_SIZE/);
  });

  it('runs one API process without REDIS_URL, and refuses more than one there (the limits would multiply)', () => {
    expect(loadConfig(base).apiProcesses).toBe(1);
    expect(() => loadConfig({ ...base, API_PROCESSES: '2' })).toThrow(/API_PROCESSES=2 needs REDIS_URL/);
    expect(loadConfig({ ...base, API_PROCESSES: '3', REDIS_URL: 'redis://127.0.0.1:6379' }).apiProcesses).toBe(3);
    expect(loadConfig({ ...base, REDIS_URL: 'redis://127.0.0.1:6379' }).apiProcesses).toBeGreaterThanOrEqual(1);
  });

  it('runs at most PASSWORD_HASHES_IN_FLIGHT argon2 computations per process, 4 by default (decision 0055)', () => {
    expect(loadConfig(base).passwordHashesInFlight).toBe(4);
    expect(loadConfig({ ...base, PASSWORD_HASHES_IN_FLIGHT: '2' }).passwordHashesInFlight).toBe(2);
    expect(() => loadConfig({ ...base, PASSWORD_HASHES_IN_FLIGHT: '0' })).toThrow(/PASSWORD_HASHES_IN_FLIGHT/);
  });

  it('keeps up to DASHBOARD_CACHE_ENTRIES dashboards per process, 5,000 by default, 0 for none (decision 0058)', () => {
    expect(loadConfig(base).dashboardCacheEntries).toBe(5000);
    expect(loadConfig({ ...base, DASHBOARD_CACHE_ENTRIES: '0' }).dashboardCacheEntries).toBe(0);
    expect(() => loadConfig({ ...base, DASHBOARD_CACHE_ENTRIES: 'many' })).toThrow(/DASHBOARD_CACHE_ENTRIES/);
  });
});

// Proves a libpq multi-host DATABASE_URL no longer stops the start with "Invalid URL" (issue 19 §5).
describe('loadConfig: a multi-host DATABASE_URL', () => {
  it('starts, and the application URL keeps every host with the application role in it', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: 'postgres://owner:s3cret@pg1:5432,pg2:5432/sahyog?target_session_attrs=read-write',
      APP_DB_PASSWORD: 'p@ss/word',
    });
    expect(config.appDatabaseUrl).toBe(
      'postgres://sahyog_app:p%40ss%2Fword@pg1:5432,pg2:5432/sahyog?target_session_attrs=read-write',
    );
  });
});

// Proves REDIS_SENTINELS / REDIS_SENTINEL_NAME are read (issue 19 §5) and a malformed list stops the start.
describe('loadConfig: Redis through Sentinels', () => {
  const base = { NODE_ENV: 'test', DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' };

  it('reads the Sentinels and the master name', () => {
    const { redis } = loadConfig({
      ...base,
      REDIS_SENTINELS: '10.0.0.1:26379, [::1]:26380',
      REDIS_SENTINEL_NAME: 'm1',
    });
    expect(redis).toEqual({
      url: '',
      sentinels: [
        { host: '10.0.0.1', port: 26379 },
        { host: '::1', port: 26380 },
      ],
      sentinelName: 'm1',
    });
  });

  it.each(['10.0.0.1', 'h:0', 'h:26379,', 'h:99999'])('refuses REDIS_SENTINELS=%s naming the variable', (value) => {
    expect(() => loadConfig({ ...base, REDIS_SENTINELS: value })).toThrow(/REDIS_SENTINELS must be host:port pairs/);
  });
});

// Proves a process may hold only the ledger's public key (issue 19 §6: the API verifies, only the
// worker signs): it starts, verifies the signing key's signatures, publishes the key, and cannot sign.
describe('loadConfig: the API with the ledger public key only', () => {
  const pair = generateKeyPairSync('ed25519');
  const privatePem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
    JWT_SECRET: 'j'.repeat(32),
    AUDITOR_REDACTION_SALT: 's'.repeat(32),
    PAYMENTS_USE_DOUBLE: 'true',
    MAIL_USE_CATCHER: 'true',
  };
  const statement = { keyId: '', txId: '1', position: '1', digest: 'd'.repeat(64), time: '2026-01-01T00:00:00Z' };

  it('starts with LEDGER_PUBLIC_KEY alone, verifies what the signing key signed, and refuses to sign', () => {
    const verifier = new LedgerKeys(loadConfig({ ...production, LEDGER_PUBLIC_KEY: publicPem }).ledger);
    const signer = new LedgerKeys(loadConfig({ ...production, LEDGER_SIGNING_KEY: privatePem }).ledger);
    expect(verifier.keyId).toBe(signer.keyId);
    expect(verifier.canSign).toBe(false);
    const signed = { ...statement, keyId: signer.keyId };
    expect(verifier.check(signed, signer.sign(signed))).toBeNull();
    expect(verifier.published()).toEqual(signer.published());
    expect(() => verifier.sign(signed)).toThrow('this process holds only the ledger public key');
  });

  it('refuses a public key that is not the signing key', () => {
    const other = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(
      () =>
        new LedgerKeys(loadConfig({ ...production, LEDGER_SIGNING_KEY: privatePem, LEDGER_PUBLIC_KEY: other }).ledger),
    ).toThrow(/is not the signing key's/);
  });

  it('without either key, production stops the start naming both variables', () => {
    expect(() => loadConfig(production)).toThrow(/LEDGER_SIGNING_KEY .*LEDGER_PUBLIC_KEY/);
  });
});
