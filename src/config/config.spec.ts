import { loadConfig } from './config';

// Proves CORS is opened to PUBLIC_URL's origin and the named extra origins only, and that a malformed entry stops the start.
describe('loadConfig: CORS origins', () => {
  // NODE_ENV=test: a throwaway signing key, so only the CORS rules are under test here.
  const base = { NODE_ENV: 'test', DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' };

  it("allows PUBLIC_URL's origin (not its path) and each CORS_ORIGINS entry, once", () => {
    const config = loadConfig({ ...base, PUBLIC_URL: 'https://sahyog.example/app/', CORS_ORIGINS: ' https://partner.example:8443 ,https://sahyog.example,, ' });
    expect(config.corsOrigins).toEqual(['https://sahyog.example', 'https://partner.example:8443']);
  });

  it('defaults to the local address', () => {
    expect(loadConfig({ ...base, PORT: '3100' }).corsOrigins).toEqual(['http://localhost:3100']);
  });

  it.each(['*', 'partner.example', 'ftp://partner.example', 'javascript:alert(1)'])('refuses CORS_ORIGINS=%s with a message naming the variable', (origin) => {
    expect(() => loadConfig({ ...base, CORS_ORIGINS: origin })).toThrow(/CORS_ORIGINS must hold http\(s\) addresses/);
  });
});
