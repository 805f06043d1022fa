import { generateKeyPairSync } from 'node:crypto';
import { LedgerKeys } from '../../src/platform/event-store/signing';

/**
 * The ledger signing key of this test process: the one `npm test` generated (LEDGER_SIGNING_KEY),
 * or a throwaway generated here once. Never a key of a real ledger.
 */
export function testSigningKeyPem(): string {
  if (!process.env.LEDGER_SIGNING_KEY) {
    process.env.LEDGER_SIGNING_KEY = generateKeyPairSync('ed25519')
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
  }
  return process.env.LEDGER_SIGNING_KEY;
}

/** The product's keyring over the test process's signing key. */
export function testLedgerKeys(): LedgerKeys {
  return new LedgerKeys({ signingKeyPem: testSigningKeyPem(), retiredPublicKeyPems: [] });
}
