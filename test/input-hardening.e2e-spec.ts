/**
 * Issue 18 §5 and §6: what an outside probe found. Objects where strings belong, invisible
 * characters, a blocked member's login, "Log in as" sessions that could write and read PAN and
 * Aadhaar in full, and reset links stored usable in mail_outbox. Each test fails without its fix.
 */
import request from 'supertest';
import { verhoeffDigit } from '../src/modules/profile/domain/id-numbers';
import { BIDI_CONTROL_MESSAGE, RESERVED_KEY_MESSAGE, ZERO_WIDTH_MESSAGE } from '../src/platform/http/unstorable-text';
import { ADMIN_PASSWORD, eventCount, PASSWORD, ROOT, seedBasics, validRegistration } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

const IMPERSONATION_REFUSED =
  'Not allowed in a "Log in as" session: only a superadmin may move money or change credentials for a member';
const BLOCKED = 'Your account is blocked. Please contact admin.';
const AADHAAR = '23456789012' + verhoeffDigit('23456789012');

/** The four objects the probe sent where a string belongs (JSON.parse keeps `__proto__` as an own key). */
const PROTOTYPE_KEY_OBJECTS: ReadonlyArray<Record<string, unknown>> = [
  { toString: 'x' },
  { valueOf: 'x' },
  { constructor: 'x' },
  JSON.parse('{"__proto__":"x"}') as Record<string, unknown>,
];

describe('input hardening (issue 18 §5, §6)', () => {
  let t: TestApp;
  const server = () => t.app.getHttpServer();
  let seq = 0;
  const address = () => `10.9.${Math.floor(++seq / 250)}.${(seq % 250) + 1}`;

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
  });
  afterAll(() => t.close());

  const register = async (overrides: Record<string, unknown> = {}) => {
    const n = ++seq;
    const res = await request(server())
      .post('/api/registrationWeb')
      .send(
        validRegistration({
          email: `hardening${n}@example.com`,
          mobile: `97${String(n).padStart(8, '0')}`,
          ...overrides,
        }),
      )
      .expect(200);
    return res.body.uid_output as string;
  };
  const memberToken = async (uid: string) =>
    (await request(server()).post('/api/login').set('X-Forwarded-For', address()).send({ uid, password: PASSWORD }))
      .body.token as string;
  const adminToken = async (username = 'superadmin') =>
    (
      await request(server())
        .post('/admin-api/auth/login')
        .set('X-Forwarded-For', address())
        .send({ username, password: ADMIN_PASSWORD })
        .expect(200)
    ).body.token as string;
  const asMember = (token: string, path: string, body: unknown) =>
    request(server())
      .post(path)
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(body));

  describe('§5 objects where strings belong', () => {
    it.each(PROTOTYPE_KEY_OBJECTS.map((o) => [JSON.stringify(o), o]))(
      'a member call with uid %s answers 400 in the error shape and writes nothing',
      async (_name, object) => {
        const token = await memberToken(ROOT);
        const before = await eventCount(t.db.app);
        for (const path of ['/api/userDashboard', '/api/showpopup', '/api/UserInformation', '/api/ActivationHistory']) {
          const res = await asMember(token, path, { uid: object });
          // Fastify's JSON parser refuses `__proto__` itself (prototype poisoning); the edge refuses the others.
          const message = Object.keys(object)[0] === '__proto__' ? res.body.result : RESERVED_KEY_MESSAGE;
          expect([path, res.status, res.body]).toEqual([path, 400, { statusCode: 400, result: message, message }]);
          expect(typeof message).toBe('string');
        }
        expect(await eventCount(t.db.app)).toBe(before);
      },
    );

    it('a uid of any other wrong JSON type answers 400, not 403 or 500', async () => {
      const token = await memberToken(ROOT);
      for (const uid of [{ a: '1' }, [ROOT], true, 1.5]) {
        const res = await asMember(token, '/api/userDashboard', { uid });
        expect([JSON.stringify(uid), res.status, res.body.result]).toEqual([
          JSON.stringify(uid),
          400,
          'uid must be a user id',
        ]);
      }
      // A repeated query parameter is an array: the wrong type too.
      const repeated = await request(server())
        .get('/api/getEpinData')
        .query(`uid=${ROOT}&uid=${ROOT}`)
        .set('Authorization', `Bearer ${token}`);
      expect([repeated.status, repeated.body.result]).toEqual([400, 'uid must be a user id']);
      // The token's own uid, as text or as a number, is still accepted.
      await asMember(token, '/api/userDashboard', { uid: ROOT }).expect(200);
      await asMember(token, '/api/userDashboard', { uid: Number(ROOT) }).expect(200);
    });

    it.each(['members', 'epins', 'mails', 'events', 'payment-orders'])(
      'GET /admin-api/%s with objects in sort, range or filter answers 400',
      async (resource) => {
        const token = await adminToken();
        for (const object of PROTOTYPE_KEY_OBJECTS) {
          const json = JSON.stringify(object);
          for (const query of [
            { sort: `[${json},"ASC"]` },
            { sort: `["id",${json}]` },
            { range: `[${json},24]` },
            { filter: json },
            { filter: `{"q":${json}}` },
          ]) {
            const res = await request(server())
              .get(`/admin-api/${resource}`)
              .query(query)
              .set('Authorization', `Bearer ${token}`);
            expect([JSON.stringify(query), res.status, typeof res.body.result]).toEqual([
              JSON.stringify(query),
              400,
              'string',
            ]);
          }
        }
        // Wrong types that are not objects with prototype keys: a sort field that is a number, an object, an array.
        for (const sort of ['[1,"ASC"]', '[{"a":1},"ASC"]', '[["id"],"ASC"]', '["id",["ASC"]]']) {
          const res = await request(server())
            .get(`/admin-api/${resource}`)
            .query({ sort })
            .set('Authorization', `Bearer ${token}`);
          expect([sort, res.status]).toEqual([sort, 400]);
        }
      },
    );
  });

  describe('§6 invisible characters', () => {
    const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
    const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'];

    it('refuses bidi controls in any text field of either API with 400 and a clear message', async () => {
      const token = await memberToken(ROOT);
      const admin = await adminToken();
      const before = await eventCount(t.db.app);
      for (const bidi of BIDI) {
        const registration = await request(server())
          .post('/api/registrationWeb')
          .send(validRegistration({ name: `Asha${bidi}Rao`, email: 'bidi@example.com' }));
        expect([registration.status, registration.body.result]).toEqual([400, BIDI_CONTROL_MESSAGE]);
        const city = await request(server())
          .post('/api/registrationWeb')
          .send(validRegistration({ city: `Nashik${bidi}`, email: 'bidi@example.com' }));
        expect([city.status, city.body.result]).toEqual([400, BIDI_CONTROL_MESSAGE]);
      }
      const ticket = await asMember(token, '/api/Helpdesk_By_User', { query: 'invoice \u202egnp.exe' });
      expect([ticket.status, ticket.body.result]).toEqual([400, BIDI_CONTROL_MESSAGE]);
      const remark = await request(server())
        .post(`/admin-api/members/${ROOT}/block`)
        .set('Authorization', `Bearer ${admin}`)
        .send({ remark: 'ok \u2067x' });
      expect([remark.status, remark.body.message]).toEqual([400, BIDI_CONTROL_MESSAGE]);
      expect(await eventCount(t.db.app)).toBe(before);
    });

    it('refuses a contactAdminUrl holding U+202E or a zero-width character', async () => {
      const admin = await adminToken();
      const before = await eventCount(t.db.app);
      for (const value of [
        'https://wa.me/\u202e0009189',
        'https://wa\u200b.me/919800000000',
        'https://wa.me/91\ufeff98',
      ]) {
        const res = await request(server())
          .put('/admin-api/settings/contactAdminUrl')
          .set('Authorization', `Bearer ${admin}`)
          .send({ value });
        expect([JSON.stringify(value), res.status]).toEqual([JSON.stringify(value), 400]);
      }
      expect(await eventCount(t.db.app)).toBe(before);
    });

    it('refuses zero-width characters in ids, UTRs and links, and keeps them in names and free text', async () => {
      const token = await memberToken(ROOT);
      for (const zw of ZERO_WIDTH) {
        for (const [path, body] of [
          ['/api/EpinTransfer', { qty: '1', touid: `1000${zw}01`, epintype: 'EpintypeB' }],
          [
            '/api/FundRequestBank',
            {
              utrno: `4123${zw}45678901`,
              amount: '299',
              bankid: 'PO1',
              qty: '1',
              epintype: 'EpintypeB',
              usertype: 'Activate',
            },
          ],
          ['/api/userDashboard', { uid: `${ROOT}${zw}` }],
        ] as const) {
          const res = await asMember(token, path, body);
          expect([path, JSON.stringify(zw), res.status, res.body.result]).toEqual([
            path,
            JSON.stringify(zw),
            400,
            ZERO_WIDTH_MESSAGE,
          ]);
        }
        const lookup = await request(server())
          .get('/api/check_sponsorid')
          .query({ uid: `${ROOT}${zw}` });
        expect([lookup.status, lookup.body.result]).toEqual([400, ZERO_WIDTH_MESSAGE]);
      }
      // Hindi text joins its letters with ZWJ / ZWNJ: a help-desk query in Hindi goes through.
      const hindi = await asMember(token, '/api/Helpdesk_By_User', { query: 'मेरा भुगतान क्\u200dष नहीं आया \u200c' });
      expect(hindi.status).toBe(200);
      expect(hindi.body).toBe('Successfully send query');
    });
  });

  it("§6 a blocked member's login answers the blocked text whether the password is right or wrong", async () => {
    const uid = await register();
    const admin = await adminToken();
    await request(server())
      .post(`/admin-api/members/${uid}/block`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ remark: 'probe' })
      .expect(200);
    const from = address();
    const attempt = (password: string) =>
      request(server()).post('/api/login').set('X-Forwarded-For', from).send({ uid, password }).expect(200);
    const right = await attempt(PASSWORD);
    const wrong = await attempt('Wrong-pass-1');
    expect(right.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ result: BLOCKED, resultid: '', resultusername: '', token: '' });
    // Up to the failure that locks the address out, nothing tells the two apart; after it, both are locked out.
    for (let i = 0; i < 4; i++) expect((await attempt('Wrong-pass-1')).body.result).toBe(BLOCKED);
    const locked = 'Too many failed attempts. Try again after 15 minutes.';
    expect([(await attempt(PASSWORD)).body.result, (await attempt('Wrong-pass-1')).body.result]).toEqual([
      locked,
      locked,
    ]);
  });

  it('§6 a non-superadmin\'s "Log in as" session is read-only and sees PAN and Aadhaar masked', async () => {
    const uid = await register();
    const own = await memberToken(uid);
    const bank = await asMember(own, '/api/UpdateProfile', {
      type: 'bankdetails',
      accountnumber: '123456789012',
      holder: 'Asha Rao',
      ifsc: 'KKBK0000261',
      bank_name: 'typed bank',
      branch: 'typed branch',
      ctrans_password: PASSWORD,
      PAN: 'ABCPE1234F',
      AAdhar: AADHAAR,
      upinumber: '9876543210',
      IP_address: '',
    });
    expect(bank.body.result).toBe('Bank Details Updated Successfully');

    const session = async (admin: string) => {
      const link = (
        await request(server())
          .post(`/admin-api/members/${uid}/impersonate`)
          .set('Authorization', `Bearer ${await adminToken(admin)}`)
          .expect(200)
      ).body.token as string;
      return (await request(server()).post('/api/loginAdmin').send({ token: link }).expect(200)).body.token as string;
    };
    const support = await session('support');
    const before = await eventCount(t.db.app);
    for (const [path, body] of [
      ['/api/showpopup', {}],
      ['/api/Helpdesk_By_User', { query: 'raised in the member name' }],
      ['/api/checkPaymentStatus', { clientid: 'NP0' }],
    ] as const) {
      const res = await asMember(support, path, body);
      expect([path, res.status, res.body.result]).toEqual([path, 403, IMPERSONATION_REFUSED]);
    }
    expect(await eventCount(t.db.app)).toBe(before);
    // Reads still answer, PAN and Aadhaar masked.
    await asMember(support, '/api/userDashboard', {}).expect(200);
    await asMember(support, '/api/UserHelpDeskHistory', {}).expect(200);
    const masked = (await asMember(support, '/api/UserInformation', {}).expect(200)).body[0];
    expect([masked.PAN, masked.AAdhar]).toEqual(['XXXXX1234F', `XXXXXXXX${AADHAAR.slice(-4)}`]);
    expect(JSON.stringify(masked)).not.toContain(AADHAAR);

    // The member, and a superadmin's session, see them in full and may write.
    const full = (await asMember(own, '/api/UserInformation', {}).expect(200)).body[0];
    expect([full.PAN, full.AAdhar]).toEqual(['ABCPE1234F', AADHAAR]);
    const superadmin = await session('superadmin');
    expect((await asMember(superadmin, '/api/UserInformation', {}).expect(200)).body[0].PAN).toBe('ABCPE1234F');
    await asMember(superadmin, '/api/showpopup', {}).expect(200);
  });

  it('§6 mail_outbox never holds a usable reset link', async () => {
    const uid = await register({ email: 'outbox.reader@example.com' });
    await request(server()).post('/api/ForgetPassword').send({ uid }).expect(200);
    const [row] = await t.db.owner.query<{ body: string }>(
      "select body from mail_outbox where to_address = 'outbox.reader@example.com'",
    );
    const stored = /ResetPassword\?token=(\S+)/.exec(row.body);
    expect(stored).not.toBeNull();
    // Whatever the stored row holds where the token goes, it does not reset the password.
    const [tokenId] = /[0-9a-f-]{36}/.exec(stored![1]) ?? [''];
    for (const token of [stored![1], tokenId, `${tokenId}.`]) {
      await request(server())
        .post('/api/ResetPassword')
        .send({ token, password: 'NewPass1' })
        .expect(200, { result: 'Invalid or expired reset link' });
    }
  });
});
