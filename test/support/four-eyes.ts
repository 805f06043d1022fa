import request from 'supertest';
import { credentialCommitmentKeyFrom } from '../../src/config/config';
import { storeAdminPassword } from '../../src/modules/identity';
import { hashPassword } from '../../src/modules/identity/passwords';
import { ADMIN_PASSWORD, ledgerOn } from './seed';
import { TestApp } from './test-app';

/** A second superadmin, created on first use (the test seed has one of each role): approves what `superadmin` makes. */
export const SECOND_SUPERADMIN = 'superadmin2';

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON body, read field by field as supertest's is
  body: any;
}

/**
 * Four eyes in tests that need an action's effect (decision 0034): the maker's answer, and when it is
 * a 202 AwaitingSecondApproval, the request approved by a second admin who may approve anything (a
 * superadmin other than the maker). Answers what the direct call would have: the action's own answer
 * (200 and its body) or its refusal at approval (e.g. 409).
 */
export class SecondAdmin {
  private readonly tokens = new Map<string, string>();

  constructor(private readonly t: TestApp) {}

  async approve(made: PromiseLike<Answer>): Promise<Answer> {
    const answer = await made;
    if (answer.status !== 202 || answer.body?.status !== 'AwaitingSecondApproval') return answer;
    const [row] = await this.t.db.owner.query<{ maker: string }>('select maker from four_eyes_requests where id = $1', [
      answer.body.id,
    ]);
    const checker = row.maker === 'superadmin' ? await this.secondSuperadmin() : 'superadmin';
    const approved = await request(this.t.app.getHttpServer())
      .post(`/admin-api/four-eyes/${answer.body.id}/approve`)
      .set('Authorization', `Bearer ${await this.token(checker)}`);
    return approved.status === 200 ? { status: 200, body: approved.body.result } : approved;
  }

  /** A bearer token of a seeded admin (password ADMIN_PASSWORD). */
  async token(username: string): Promise<string> {
    const cached = this.tokens.get(username);
    if (cached) return cached;
    const res = await request(this.t.app.getHttpServer())
      .post('/admin-api/auth/login')
      .send({ username, password: ADMIN_PASSWORD });
    if (res.status !== 200) throw new Error(`admin login ${username}: ${JSON.stringify(res.body)}`);
    this.tokens.set(username, res.body.token);
    return res.body.token;
  }

  /** `superadmin2`, written through the ledger as the seed writes admins, if it is not there yet. */
  async secondSuperadmin(): Promise<string> {
    await ensureSecondSuperadmin(this.t);
    return SECOND_SUPERADMIN;
  }
}

export async function ensureSecondSuperadmin(t: TestApp): Promise<void> {
  const [exists] = await t.db.owner.query('select 1 from admin_users where username = $1', [SECOND_SUPERADMIN]);
  if (exists) return;
  const hash = await hashPassword(ADMIN_PASSWORD);
  await ledgerOn(t.db.app).run(
    { actor: { kind: 'system', id: 'test-seed' }, correlationId: 'test-seed' },
    async (tx) => {
      await tx.append(`admin-${SECOND_SUPERADMIN}`, 0, [
        {
          type: 'AdminUserCreated',
          payload: { username: SECOND_SUPERADMIN, role: 'superadmin', credentialVersion: 1 },
        },
      ]);
      await storeAdminPassword(tx, credentialCommitmentKeyFrom(), SECOND_SUPERADMIN, 1, hash);
    },
  );
}
