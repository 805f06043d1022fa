import { hkdfSync } from 'node:crypto';
import { readFileSync } from 'node:fs';

// Not in the migration's own file: `node dist/cli/migrate.js` loads every export of each migration
// file as a migration class, and would run this function as one.
/** The key by config.ts `credentialCommitmentKeyFrom`'s rule (a unit test holds the two together). */
export function commitmentKey(env: NodeJS.ProcessEnv): Buffer {
  const file = env.CREDENTIAL_COMMITMENT_KEY_FILE;
  const text = env.CREDENTIAL_COMMITMENT_KEY || (file ? readFileSync(file, 'utf8') : '');
  if (text) {
    const hex = text.trim();
    if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('CREDENTIAL_COMMITMENT_KEY must hold 64 hex digits');
    return Buffer.from(hex, 'hex');
  }
  if ((env.NODE_ENV || 'development') !== 'production')
    return Buffer.from('sahyog-development-credential-commitment-key');
  if (!env.JWT_SECRET || env.JWT_SECRET.length < 16)
    throw new Error(
      'the credential commitment migration needs CREDENTIAL_COMMITMENT_KEY (or JWT_SECRET) as the API has it: set it for the migrate process',
    );
  return Buffer.from(hkdfSync('sha256', env.JWT_SECRET, 'sahyog', 'credential-commitment-key', 32));
}
