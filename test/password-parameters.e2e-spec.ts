import * as argon2 from 'argon2';
import request from 'supertest';
import { appendRootMember } from '../src/cli/root-member';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { ledgerOn, PASSWORD, ROOT, validRegistration } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Decision 0059: new hashes at OWASP's 7 MiB × 5 passes profile; a hash made with the earlier
 * parameters (12 MiB × 3, and 19 MiB × 2 before that) still logs in, and a login leaves it as it is
 * (no rehash: the profiles give equal defence, and a rehash would be a credential change).
 */
describe('argon2 parameters: new hashes and earlier ones (decision 0059)', () => {
  let t: TestApp;
  const server = () => t.app.getHttpServer();
  const storedHash = async (uid: string) =>
    (
      await t.db.owner.query<{ password_hash: string }>(
        'select password_hash from member_credentials where principal = $1 order by version desc limit 1',
        [uid],
      )
    )[0].password_hash;

  beforeAll(async () => {
    t = await startTestApp();
    // The root member's password hashed as the previous release hashed it: 12 MiB × 3 passes.
    const earlier = await argon2.hash(PASSWORD, {
      type: argon2.argon2id,
      memoryCost: 12_288,
      timeCost: 3,
      parallelism: 1,
    });
    await ledgerOn(t.db.app).run({ actor: { kind: 'system', id: 'test-seed' }, correlationId: 'test-seed' }, (tx) =>
      appendRootMember(tx, { uid: ROOT, email: 'root@sahyog.test', passwordHash: earlier }),
    );
  });
  afterAll(() => t.close());

  it('hashes a new registration’s passwords at 7 MiB × 5 passes', async () => {
    const uid = (await request(server()).post('/api/registrationWeb').send(validRegistration()).expect(200)).body
      .uid_output;
    expect(await storedHash(uid)).toMatch(/^\$argon2id\$v=19\$m=7168,p=1,t=5\$/);
    const login = await request(server()).post('/api/login').send({ uid, password: PASSWORD, ipaddress: '' });
    expect(login.body).toMatchObject({ result: 'Successfull' });
  });

  it('logs in with a hash made at 12 MiB × 3 passes and keeps that hash as it is', async () => {
    const before = await storedHash(ROOT);
    expect(before).toMatch(/^\$argon2id\$v=19\$m=12288,p=1,t=3\$/);
    const login = await request(server()).post('/api/login').send({ uid: ROOT, password: PASSWORD, ipaddress: '' });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ result: 'Successfull' });
    expect(login.body.token).toEqual(expect.any(String));
    const wrong = await request(server()).post('/api/login').send({ uid: ROOT, password: 'Member@124', ipaddress: '' });
    expect(wrong.body.result).not.toBe('Successfull');
    expect(wrong.body.token ?? '').toBe('');
    expect(await storedHash(ROOT)).toBe(before);
    expect(await verifyLedger(t.db.app)).toMatchObject({ ok: true, firstBad: null });
  });
});
