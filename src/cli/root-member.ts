import { memberStream } from '../modules/identity';
import { LedgerTx } from '../platform/ledger';

/**
 * Writes the root member (the organisation, no sponsor) with its password (`mustChange`: a one-time
 * one, to change at first login): the first event of a network. `npm run seed` and the tests' seed both start from it.
 */
export async function appendRootMember(
  tx: LedgerTx,
  root: { uid: string; email: string; passwordHash: string; mustChange?: boolean },
): Promise<void> {
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
        // A one-time password (production bootstrap) to change at first login (decision 0032).
        ...(root.mustChange ? { mustChange: true as const } : {}),
      },
    },
  ]);
  await tx.execute(
    'insert into member_credentials (principal, version, password_hash, txn_password_hash) values ($1, 1, $2, $2)',
    [root.uid, root.passwordHash],
  );
}
