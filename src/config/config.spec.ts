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
    LEDGER_SIGNING_KEY: loadConfig({ NODE_ENV: 'test', DATABASE_URL: production.DATABASE_URL }).ledger.signingKeyPem,
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
