import * as argon2 from 'argon2';
import { createHmac } from 'node:crypto';

/** argon2id at OWASP's minimum profile (19 MiB, 2 passes): strong, and fast enough for 2 cores. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string): Promise<string> => argon2.hash(plain, ARGON2_OPTIONS);

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time on an unknown id as on a wrong password, so timing doesn't reveal which ids exist. */
export async function burnVerification(plain: string): Promise<void> {
  dummyHash ??= hashPassword('timing-equaliser');
  await verifyPassword(await dummyHash, plain);
}

/** A keyed fingerprint of a secret, for request hashes that must not expose the secret. */
export const secretFingerprint = (key: string, secret: string): string =>
  createHmac('sha256', key).update(secret).digest('hex');
