import { credentialCommitmentKeyFrom } from '../config/config';
import { insertMemberCredentials, memberStream, registrationCommitment } from '../modules/identity';
import { LedgerTx } from '../platform/ledger';

/**
 * Writes the root member (the organisation, no sponsor) with its password (`mustChange`: a one-time
 * one, to change at first login): the first event of a network. `npm run seed` and the tests' seed both start from it.
 */
export async function appendRootMember(
  tx: LedgerTx,
  root: { uid: string; email: string; passwordHash: string; mustChange?: boolean },
  /** The credential commitments' key (decision 0044): this process's CREDENTIAL_COMMITMENT_KEY by default. */
  commitmentKey: Buffer = credentialCommitmentKeyFrom(),
): Promise<void> {
  const credentials = {
    principal: root.uid,
    version: 1,
    passwordHash: root.passwordHash,
    txnPasswordHash: root.passwordHash,
  };
  await tx.append(memberStream(root.uid), 0, [
    {
      type: 'MemberRegistered',
      payload: {
        uid: root.uid,
        sponsorUid: null,
        name: 'Sahyog Foundation',
        email: root.email,
        mobile: '9000000000',
        countryId: 101,
        city: 'Nashik',
        state: 'Maharashtra',
        upiNumber: 'sahyog',
        walletAddress: '',
        credentialVersion: 1,
        // Its first credentials' commitment, in the registration itself (decision 0060).
        ...registrationCommitment(commitmentKey, credentials),
        // A one-time password (production bootstrap) to change at first login (decision 0032).
        ...(root.mustChange ? { mustChange: true as const } : {}),
      },
    },
  ]);
  await insertMemberCredentials(tx, credentials);
}
