// The published digest's wire shape, free of imports: admin-web reads it as a type (its dataProvider's LedgerDigest).

/** A signed checkpoint's statement and signature: what anyone may save and check the ledger against later. */
export interface SignedDigest {
  position: string;
  txId: string;
  digest: string;
  time: string;
  keyId: string;
  signature: string;
}

/** The latest signed checkpoint as published (GET /api/ledger/digest, `npm run ledger -- digest`). */
export interface PublishedDigest extends SignedDigest {
  /** The exact text the signature covers. */
  statement: string;
  checkpointPosition: string;
}
