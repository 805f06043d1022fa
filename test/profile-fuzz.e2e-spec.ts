import fc from 'fast-check';
import request from 'supertest';
import { UNSTORABLE_TEXT_MESSAGE } from '../src/platform/http/unstorable-text';
import {
  anyBody,
  junk,
  mangled,
  nullBodies,
  PROTOTYPE_KEY_OBJECTS,
  prototypeKeyBodies,
  RUNS,
  Writes,
  WriteWatch,
} from './support/fuzz';
import { ADMIN_PASSWORD, PASSWORD, ROOT, seedBasics } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

const result = (text: string) => (body: unknown) => (body as { Result?: unknown })?.Result === text;

/** A wrong current password is counted (decision 0029): its events and the counters they feed. */
const SECRET_CHECK_WRITES = ['SecretCheckFailed', 'SecretChecksLockedOut', 'SecretCheckPassed', 'secret_checks'];

/**
 * The profile calls with bodies shaped like the real ones. The secrets they carry are wrong, so a
 * mangled body can never change a password (which would end the session the fuzzing runs on);
 * only a good Profile Info form is a success, and the only 2xx allowed to write.
 */
const CALLS: ReadonlyArray<{ path: string; base: Record<string, unknown>; auth: 'member' | 'admin' } & Writes> = [
  { path: '/api/UserInformation', base: { uid: ROOT }, auth: 'member', writes: 'never' },
  { path: '/api/getregion', base: { uid: ROOT, regiontype: 'State', regionid: '' }, auth: 'member', writes: 'never' },
  {
    path: '/api/UpdateProfile',
    base: {
      type: 'profile',
      uid: ROOT,
      statename: 'Maharashtra',
      districtname: 'Nashik',
      cityname: '422001',
      counrtyid: '101',
      pincode: '422001',
      Nomineename: 'Ravi Rao',
      Nomineerelation: 'Brother',
      IP_address: '',
    },
    auth: 'member',
    writes: result('Profile Update Successfully'),
  },
  {
    path: '/api/UpdateProfile',
    base: {
      type: 'password',
      uid: ROOT,
      cpassword: 'wrong-but-shaped',
      password: 'Newpass@1',
      confirmpassword: 'Newpass@1',
    },
    auth: 'member',
    writes: 'never',
    refusalMayWrite: SECRET_CHECK_WRITES,
  },
  {
    path: '/api/UpdateProfile',
    base: { type: 'trans_password', uid: ROOT, ctrans_password: 'wrong-but-shaped', trans_password: 'Trans@123' },
    auth: 'member',
    writes: 'never',
    refusalMayWrite: SECRET_CHECK_WRITES,
  },
  {
    path: '/api/UpdateProfile',
    base: {
      type: 'ecurrency',
      uid: ROOT,
      accountnumber: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      otp: 'wrong-but-shaped',
    },
    auth: 'member',
    writes: 'never',
    refusalMayWrite: SECRET_CHECK_WRITES,
  },
  {
    path: '/api/UpdateProfile',
    base: {
      type: 'bankdetails',
      uid: ROOT,
      accountnumber: '123456789012',
      holder: 'Asha Rao',
      ifsc: 'KKBK0000261',
      bank_name: '',
      branch: '',
      ctrans_password: 'wrong-but-shaped',
      PAN: 'ABCPE1234F',
      AAdhar: '234567890124',
      upinumber: '9876543210',
    },
    auth: 'member',
    writes: 'never',
    refusalMayWrite: SECRET_CHECK_WRITES,
  },
  // An unlock is a four-eyes request (202, decision 0034): a good one writes it.
  { path: `/admin-api/members/${ROOT}/unlock-bank`, base: { reason: 'Fuzz' }, auth: 'admin', writes: 'any' },
  { path: `/admin-api/members/${ROOT}/unlock-wallet`, base: { reason: 'Fuzz' }, auth: 'admin', writes: 'any' },
];

describe('fuzz: the profile calls never answer 5xx and a refusal writes nothing', () => {
  let t: TestApp;
  let memberToken: string;
  let adminToken: string;
  let writes: WriteWatch;
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    writes = new WriteWatch(() => t.db.owner);
    await writes.init();
    memberToken = (await request(server()).post('/api/login').send({ uid: ROOT, password: PASSWORD })).body.token;
    adminToken = (
      await request(server()).post('/admin-api/auth/login').send({ username: 'approver', password: ADMIN_PASSWORD })
    ).body.token;
  });
  afterAll(() => t.close());

  const send = (call: (typeof CALLS)[number], body: unknown) =>
    request(server())
      .post(call.path)
      .set('Content-Type', 'application/json')
      .set('Authorization', `Bearer ${call.auth === 'member' ? memberToken : adminToken}`)
      .send(JSON.stringify(body));

  it.each(CALLS.map((c) => [`${c.path} ${String(c.base.type ?? '')}`, c] as const))(
    'POST %s with mangled bodies',
    async (_name, call) => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(mangled(call.base), anyBody), async (body) => {
          await writes.probe(() => send(call, body), call);
        }),
        { numRuns: RUNS },
      );
    },
  );

  it.each(CALLS.map((c) => [`${c.path} ${String(c.base.type ?? '')}`, c] as const))(
    'POST %s refuses a NUL or a control character in any field with 400',
    async (_name, call) => {
      for (const key of Object.keys(call.base)) {
        for (const bad of ['a\u0000b', 'x\ud800', 'a\u0007b', 'a\r\nb']) {
          const res = await writes.probe(() => send(call, { ...call.base, [key]: bad }), call);
          expect([key, res.status, res.body.result]).toEqual([key, 400, UNSTORABLE_TEXT_MESSAGE]);
        }
      }
    },
  );

  it.each(CALLS.map((c) => [`${c.path} ${String(c.base.type ?? '')}`, c] as const))(
    'POST %s with null in any field, and in all of them: never a 5xx, a refusal writes nothing',
    async (_name, call) => {
      for (const body of nullBodies(call.base)) await writes.probe(() => send(call, body), call);
    },
  );

  // Issue 18 §5: objects with own toString/valueOf/constructor/__proto__ in any field, or as the body.
  it.each(CALLS.map((c) => [`${c.path} ${String(c.base.type ?? '')}`, c] as const))(
    'POST %s refuses objects with prototype keys in any field with 400',
    async (_name, call) => {
      for (const body of [...prototypeKeyBodies(call.base), ...PROTOTYPE_KEY_OBJECTS]) {
        const res = await writes.probe(() => send(call, body), call);
        expect([JSON.stringify(body), res.status, typeof res.body.result]).toEqual([
          JSON.stringify(body),
          400,
          'string',
        ]);
      }
    },
  );

  it('GET /api/ifsc/:code and the unlock paths with junk ids', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 30 }),
          junk.map((v) => JSON.stringify(v) ?? ''),
        ),
        async (id) => {
          const path = encodeURIComponent(id) || 'x';
          await writes.probe(
            () => request(server()).get(`/api/ifsc/${path}`).set('Authorization', `Bearer ${memberToken}`),
            { writes: 'never' },
          );
          await writes.probe(
            () =>
              request(server())
                .post(`/admin-api/members/${path}/unlock-bank`)
                .set('Authorization', `Bearer ${adminToken}`)
                .send({ reason: 'x' }),
            { writes: 'never' },
          );
        },
      ),
      { numRuns: RUNS },
    );
  });
});
