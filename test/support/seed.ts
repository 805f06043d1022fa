import { BLANK_REGISTRATION_FIELDS } from '../../member-web/src/features/signup/api/blank-registration-fields';
import { appendRootMember } from '../../src/cli/root-member';
import { credentialCommitmentKeyFrom } from '../../src/config/config';
import { storeAdminPassword } from '../../src/modules/identity';
import { hashPassword } from '../../src/modules/identity/passwords';
import { Database } from '../../src/platform/db/database';
import { Ledger } from '../../src/platform/ledger';
import { ProjectionRunner } from '../../src/platform/projections/projection';
import { ALL_PROJECTIONS } from '../../src/modules/projections';

export const ROOT = '100000';
export const PASSWORD = 'Member@123';
export const ADMIN_PASSWORD = 'Admin@123';

export const ledgerOn = (db: Database): Ledger => new Ledger(db, new ProjectionRunner(ALL_PROJECTIONS));

/** The root member (the organisation) and one admin per role, written through the ledger like the real seed. */
export async function seedBasics(db: Database): Promise<void> {
  const ledger = ledgerOn(db);
  const hash = await hashPassword(PASSWORD);
  const adminHash = await hashPassword(ADMIN_PASSWORD);
  await ledger.run({ actor: { kind: 'system', id: 'test-seed' }, correlationId: 'test-seed' }, async (tx) => {
    await appendRootMember(tx, { uid: ROOT, email: 'root@sahyog.test', passwordHash: hash });
    for (const role of ['superadmin', 'approver', 'support', 'auditor']) {
      await tx.append(`admin-${role}`, 0, [
        { type: 'AdminUserCreated', payload: { username: role, role, credentialVersion: 1 } },
      ]);
      await storeAdminPassword(tx, credentialCommitmentKeyFrom(), role, 1, adminHash);
    }
  });
}

export const validRegistration = (overrides: Record<string, unknown> = {}) => ({
  sid: ROOT,
  name: 'Asha Rao',
  email: 'asha@example.com',
  password: PASSWORD,
  mobile: '9876543210',
  countryid: '101',
  city: 'Nashik',
  state: 'Maharashtra',
  upinumber: 'asha@upi',
  ...BLANK_REGISTRATION_FIELDS,
  ...overrides,
});

export async function eventCount(db: Database): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from events');
  return row.n;
}
