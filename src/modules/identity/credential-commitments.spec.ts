import { commitmentKey as migrationKey } from '../../../migrations/data/credential-commitment-key';
import { credentialCommitmentKeyFrom } from '../../config/config';
import { commitmentEvent, commitmentKeyId, commitmentOf, CredentialRow } from './credential-commitments';

// Proves the commitment binds the whole row — table, owner, version, every secret column — and the key.
describe('credential commitments (decision 0044)', () => {
  const key = Buffer.alloc(32, 7);
  const row: CredentialRow = {
    table: 'member_credentials',
    principal: '100001',
    version: 2,
    passwordHash: '$argon2id$a',
    txnPasswordHash: '$argon2id$b',
  };

  it('changes with any field of the row and with the key', () => {
    const base = commitmentOf(key, row);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    for (const other of [
      { ...row, principal: '100002' },
      { ...row, version: 1 },
      { ...row, passwordHash: '$argon2id$c' },
      { ...row, txnPasswordHash: null },
      { ...row, txnPasswordHash: '$argon2id$a' },
    ])
      expect(commitmentOf(key, other)).not.toBe(base);
    expect(commitmentOf(Buffer.alloc(32, 8), row)).not.toBe(base);
    // The two hashes swapped between the columns are another row.
    expect(commitmentOf(key, { ...row, passwordHash: '$argon2id$b', txnPasswordHash: '$argon2id$a' })).not.toBe(base);
  });

  it('names the key by an id that is not the key, and the event carries no hash', () => {
    expect(commitmentKeyId(key)).toMatch(/^[0-9a-f]{16}$/);
    expect(commitmentKeyId(key)).not.toBe(commitmentKeyId(Buffer.alloc(32, 8)));
    const event = commitmentEvent(key, row);
    expect(event).toEqual({
      table: 'member_credentials',
      principal: '100001',
      version: 2,
      commitment: commitmentOf(key, row),
      keyId: commitmentKeyId(key),
    });
    expect(JSON.stringify(event)).not.toContain('argon2');
  });
});

// Proves CREDENTIAL_COMMITMENT_KEY's rules, and that the migration (which cannot import src/) reads the same key.
describe('CREDENTIAL_COMMITMENT_KEY', () => {
  const hex = 'ab'.repeat(32);

  it.each([
    [{ NODE_ENV: 'test' }],
    [{ NODE_ENV: 'development', JWT_SECRET: 'x'.repeat(32) }],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }],
    [{ NODE_ENV: 'production', JWT_SECRET: 'y'.repeat(32) }],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), CREDENTIAL_COMMITMENT_KEY: hex }],
  ])('config and the migration agree for %j', (env) => {
    expect(migrationKey(env).equals(credentialCommitmentKeyFrom(env))).toBe(true);
  });

  it('takes 64 hex digits as the key, derives one from JWT_SECRET in production, and refuses anything else', () => {
    expect(credentialCommitmentKeyFrom({ CREDENTIAL_COMMITMENT_KEY: hex }).toString('hex')).toBe(hex);
    const derived = credentialCommitmentKeyFrom({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) });
    expect(derived).toHaveLength(32);
    expect(derived.equals(credentialCommitmentKeyFrom({ NODE_ENV: 'test' }))).toBe(false);
    expect(() => credentialCommitmentKeyFrom({ CREDENTIAL_COMMITMENT_KEY: 'short' })).toThrow(
      'CREDENTIAL_COMMITMENT_KEY must hold 64 hex digits',
    );
    expect(() => credentialCommitmentKeyFrom({ NODE_ENV: 'production' })).toThrow(/CREDENTIAL_COMMITMENT_KEY/);
  });
});
