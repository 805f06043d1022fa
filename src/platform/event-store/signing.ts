import { createHash, createPrivateKey, createPublicKey, KeyObject, sign, verify } from 'node:crypto';

/**
 * The ledger's signing keys. Checkpoints are signed with an Ed25519 key that never enters
 * PostgreSQL (a file under .data/ locally, a secret in production), so a database superuser who
 * rewrites events and recomputes every hash and digest still cannot produce a valid signature.
 * Verification trusts only keys given here (the current one and the retired ones still
 * published), never anything read from the database.
 */
export interface LedgerKeyConfig {
  /**
   * PKCS#8 PEM of the current Ed25519 private key: only the process that signs checkpoints (the
   * worker, the ledger CLI's `checkpoint`) needs it; null in a process that only verifies (the API).
   */
  signingKeyPem: string | null;
  /** SPKI PEM of the current public key: enough to verify and publish, required when signingKeyPem is null. */
  publicKeyPem?: string | null;
  /**
   * SPKI PEMs of retired public keys in rotation order, oldest first, still trusted for the
   * checkpoints they signed before their successor signed its first (the current key is newest).
   */
  retiredPublicKeyPems: string[];
}

export interface PublishedKey {
  keyId: string;
  algorithm: 'Ed25519';
  publicKeyPem: string;
  current: boolean;
}

/** A key's id: the first 16 hex digits of the sha256 of its public key (DER, SPKI). */
export function keyIdOf(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);
}

/** Parses an Ed25519 private key (PEM) or throws a message naming `source`. */
export function parseSigningKey(pem: string, source: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new Error(`${source} is not a PEM private key (generate one with: openssl genpkey -algorithm ed25519)`);
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(`${source} must be an Ed25519 key, not ${key.asymmetricKeyType}`);
  return key;
}

/** Splits concatenated PEM public keys and parses each as Ed25519, or throws a message naming `source`. */
export function parsePublicKeys(pems: string, source: string): string[] {
  const blocks = pems.match(/-----BEGIN PUBLIC KEY-----[\s\S]*?-----END PUBLIC KEY-----/g) ?? [];
  if (pems.trim() !== '' && blocks.length === 0) throw new Error(`${source} holds no PEM public key`);
  for (const block of blocks) {
    let key: KeyObject;
    try {
      key = createPublicKey(block);
    } catch {
      throw new Error(`${source} holds a public key that cannot be read`);
    }
    if (key.asymmetricKeyType !== 'ed25519')
      throw new Error(`${source} must hold Ed25519 keys, not ${key.asymmetricKeyType}`);
  }
  return blocks;
}

/** What a checkpoint's signature covers, as text anyone can rebuild from the published digest (docs/ledger-format.md). */
export interface SignedStatement {
  keyId: string;
  txId: string;
  position: string;
  digest: string;
  time: string;
}

export function statementText(s: SignedStatement): string {
  return `sahyog-ledger-checkpoint v1\nkey ${s.keyId}\ntx ${s.txId}\nposition ${s.position}\ndigest ${s.digest}\ntime ${s.time}\n`;
}

export class LedgerKeys {
  private readonly privateKey: KeyObject | null;
  readonly keyId: string;
  private readonly trusted = new Map<string, KeyObject>();
  /** Each trusted key's place in the rotation: retired keys 0, 1, … oldest first, the current key last. */
  private readonly rank = new Map<string, number>();

  constructor(config: LedgerKeyConfig) {
    this.privateKey = config.signingKeyPem ? parseSigningKey(config.signingKeyPem, 'the ledger signing key') : null;
    const given = config.publicKeyPem ? createPublicKey(config.publicKeyPem) : null;
    if (!this.privateKey && !given)
      throw new Error('the ledger needs its signing key or, to verify only, its public key');
    const current = this.privateKey ? createPublicKey(this.privateKey) : given!;
    this.keyId = keyIdOf(current);
    if (given && keyIdOf(given) !== this.keyId)
      throw new Error(`the ledger public key (${keyIdOf(given)}) is not the signing key's (${this.keyId})`);
    this.trusted.set(this.keyId, current);
    config.retiredPublicKeyPems.forEach((pem, index) => {
      const key = createPublicKey(pem);
      const id = keyIdOf(key);
      if (!this.trusted.has(id)) this.trusted.set(id, key);
      if (id !== this.keyId && !this.rank.has(id)) this.rank.set(id, index);
    });
    this.rank.set(this.keyId, config.retiredPublicKeyPems.length);
  }

  /**
   * Why a key may no longer sign after `newest` (the newest key seen signing so far), or null: a
   * rotation revokes the old key as soon as its successor has signed, so a leaked key cannot forge
   * checkpoints after the rotation (docs/operations.md). Unknown keys are check()'s business.
   */
  revoked(keyId: string, newest: string | null): string | null {
    if (newest === null || keyId === newest) return null;
    const mine = this.rank.get(keyId);
    const theirs = this.rank.get(newest);
    if (mine === undefined || theirs === undefined || mine >= theirs) return null;
    return `signed with key ${keyId}, retired: newer key ${newest} had already signed, and a rotation revokes the key it replaces`;
  }

  /** The key of the two that comes later in the rotation (unknown keys count as neither). */
  newer(a: string | null, b: string): string | null {
    const rankB = this.rank.get(b);
    if (rankB === undefined) return a;
    if (a === null) return b;
    return (this.rank.get(a) ?? -1) >= rankB ? a : b;
  }

  /** Does this process hold the private key (may it sign checkpoints)? */
  get canSign(): boolean {
    return this.privateKey !== null;
  }

  /** Signs a statement with the current key (its keyId must be this key's); base64. */
  sign(statement: SignedStatement): string {
    if (!this.privateKey)
      throw new Error('this process holds only the ledger public key: checkpoints are signed by the worker');
    if (statement.keyId !== this.keyId)
      throw new Error(`statement names key ${statement.keyId}, the signing key is ${this.keyId}`);
    return sign(null, Buffer.from(statementText(statement), 'utf8'), this.privateKey).toString('base64');
  }

  /** Signs a message of the ledger's own (a tree head, docs/ledger-format.md) with the current key; base64. */
  signMessage(message: string): string {
    if (!this.privateKey)
      throw new Error('this process holds only the ledger public key: tree heads are signed by the worker');
    return sign(null, Buffer.from(message, 'utf8'), this.privateKey).toString('base64');
  }

  /** Why a signature of `message` by `keyId` does not hold, or null when it does. */
  checkMessage(keyId: string, message: string, signature: unknown): string | null {
    const key = this.trusted.get(keyId);
    if (!key) return `signed with key ${keyId || '(none)'}, which is not a published ledger key`;
    if (typeof signature !== 'string' || signature === '') return 'has no signature';
    return verify(null, Buffer.from(message, 'utf8'), key, Buffer.from(signature, 'base64'))
      ? null
      : `signature does not match (key ${keyId})`;
  }

  /** Why a signature does not hold, or null when it does. */
  check(statement: SignedStatement, signature: unknown): string | null {
    const key = this.trusted.get(statement.keyId);
    if (!key) return `signed with key ${statement.keyId || '(none)'}, which is not a published ledger key`;
    if (typeof signature !== 'string' || signature === '') return 'has no signature';
    const ok = verify(null, Buffer.from(statementText(statement), 'utf8'), key, Buffer.from(signature, 'base64'));
    return ok ? null : `signature does not match (key ${statement.keyId})`;
  }

  /** Every key a verifier should trust: the current one first. */
  published(): PublishedKey[] {
    return [...this.trusted.entries()].map(([keyId, key]) => ({
      keyId,
      algorithm: 'Ed25519' as const,
      publicKeyPem: key.export({ type: 'spki', format: 'pem' }).toString(),
      current: keyId === this.keyId,
    }));
  }
}
