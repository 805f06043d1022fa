/** Events of a member's stream `member-<uid>`, past tense, one tagged union. */
export type MemberEvent =
  | { type: 'MemberRegistered'; payload: MemberRegistered }
  | { type: 'MemberLoggedIn'; payload: { impersonatedBy?: string } }
  /** `failures`: in a row from the event's client address (metadata.clientIp), see login-attempts.ts. */
  | { type: 'LoginFailed'; payload: { failures: number } }
  /** The event's client address is locked out of this member until `until`. */
  | { type: 'MemberLockedOut'; payload: { until: string } }
  | { type: 'DisclaimerAgreed'; payload: Record<string, never> }
  | {
      type: 'PasswordResetRequested';
      payload: { tokenId: string; secretHash: string; expiresAt: string; email: string };
    }
  | { type: 'PasswordChanged'; payload: { credentialVersion: number; via: 'reset' | 'profile'; resetTokenId?: string } }
  /** The transaction password changed (UpdateProfile trans_password): a new credential version, the hash beside the ledger. */
  | { type: 'TransactionPasswordChanged'; payload: { credentialVersion: number } }
  /** A wrong current login or transaction password in a signed-in call; `failures` in a row (secret-checks.ts, decision 0029). */
  | { type: 'SecretCheckFailed'; payload: { kind: SecretKind; failures: number } }
  /** Too many wrong ones: checks of that secret are refused until `until`. */
  | { type: 'SecretChecksLockedOut'; payload: { kind: SecretKind; until: string } }
  /** The right secret after failures: the count starts again. */
  | { type: 'SecretCheckPassed'; payload: { kind: SecretKind } }
  /** `sessionEpoch`: the member's next session epoch, ending every session issued before (absent in events before decision 0032). */
  | { type: 'MemberBlocked'; payload: { remark: string; sessionEpoch?: number } }
  | { type: 'MemberUnblocked'; payload: { remark: string; sessionEpoch?: number } }
  | { type: 'ImpersonationTokenRedeemed'; payload: { tokenId: string; admin: string } };

export interface MemberRegistered {
  uid: string;
  sponsorUid: string | null;
  name: string;
  email: string;
  mobile: string;
  countryId: number;
  city: string;
  state: string;
  upiNumber: string;
  walletAddress: string;
  credentialVersion: number;
  /**
   * The commitment to the first member_credentials row (version `credentialVersion`) and the name of
   * the key that made it (decision 0060; decision 0044's `commitment` and `keyId`). Registrations
   * written before it have a `CredentialCommitted` event of their own instead.
   */
  credentialCommitment?: string;
  credentialKeyId?: string;
  /** The password is a one-time one (production bootstrap): every call but the password change is refused until it changes. */
  mustChange?: true;
}

/** The secret a signed-in call checks: the login password or the transaction password (credentials.ts's CredentialKind). */
export type SecretKind = 'password' | 'transaction';

export type MemberEventType = MemberEvent['type'];

export const memberStream = (uid: string): string => `member-${uid}`;

/** What commands read to decide: the members projection row. */
export interface MemberState {
  uid: string;
  name: string;
  email: string;
  status: 'Active' | 'Inactive';
  blocked: boolean;
  isagree: boolean;
  credentialVersion: number;
  /** Moves on with every block and unblock: tokens of an older epoch are dead for good (decision 0032). */
  sessionEpoch: number;
  /** A one-time password still to be changed (decision 0032). */
  mustChangePassword: boolean;
  version: number;
}
