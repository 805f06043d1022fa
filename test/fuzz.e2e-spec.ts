import fc from 'fast-check';
import request from 'supertest';
import { ADMIN_PASSWORD, eventCount, PASSWORD, ROOT, seedBasics, validRegistration } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

/** Runs per endpoint: enough to hit every type and shape, small enough for two cores (FUZZ_RUNS=… to dig deeper by hand). */
const RUNS = Number(process.env.FUZZ_RUNS) || 40;

/** Values a hostile or broken client might send in any field. */
const junk = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 300, maxLength: 600 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.constantFrom('', ' ', '\u0000', "' or 1=1 --", '../../etc/passwd', '999999', '100000', '0x' + 'f'.repeat(64), '💸', '{"$gt":""}'),
);

/** A body shaped like the real one, with some fields replaced by junk, dropped, or extra ones added. */
const mangled = (base: Record<string, unknown>) =>
  fc
    .tuple(fc.dictionary(fc.constantFrom(...Object.keys(base)), junk), fc.subarray(Object.keys(base)), fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), junk, { maxKeys: 2 }))
    .map(([replaced, dropped, extra]) => {
      const body: Record<string, unknown> = { ...base, ...replaced, ...extra };
      for (const key of dropped) delete body[key];
      return body;
    });

const anyBody = fc.oneof(junk, fc.anything({ maxDepth: 2 }));

describe('fuzz: malformed input never answers 5xx and never writes', () => {
  let t: TestApp;
  let memberToken: string;
  let adminToken: string;
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    memberToken = (await request(server()).post('/api/login').send({ uid: ROOT, password: PASSWORD })).body.token;
    adminToken = (await request(server()).post('/admin-api/auth/login').send({ username: 'superadmin', password: ADMIN_PASSWORD })).body.token;
  });
  afterAll(() => t.close());

  /**
   * Row counts of everything a request can write: the ledger, and the tables written beside it
   * (credentials, idempotency keys, mail, reset links, the payment double's orders).
   */
  async function written(): Promise<Record<string, number>> {
    const tables = ['events', 'member_credentials', 'admin_credentials', 'idempotency_keys', 'mail_outbox', 'password_resets', 'gateway_double_orders'];
    const [row] = await t.db.owner.query<Record<string, number>>(`select ${tables.map((table) => `(select count(*)::int from ${table}) as ${table}`).join(', ')}`);
    return row;
  }

  /** Sends, then checks: no 5xx; a refusal (4xx) leaves every table exactly as it was. */
  async function probe(send: () => request.Test): Promise<void> {
    const before = await written();
    const res = await send();
    if (res.status >= 500) throw new Error(`${res.status} for ${JSON.stringify(res.request)}: ${res.text}`);
    if (res.status >= 400) expect(await written()).toEqual(before);
  }

  const posts: Array<[string, Record<string, unknown>, 'member' | 'admin' | 'none']> = [
    ['/api/registrationWeb', validRegistration(), 'none'],
    ['/api/login', { uid: ROOT, password: 'wrong-but-shaped', ipaddress: '' }, 'none'],
    ['/api/loginAdmin', { token: 'x.y.z' }, 'none'],
    ['/api/showpopup', { uid: ROOT }, 'member'],
    ['/api/userDashboard', { uid: ROOT }, 'member'],
    ['/api/userdashboard', { uid: ROOT }, 'member'],
    ['/api/ForgetPassword', { uid: '999999' }, 'none'],
    ['/api/ResetPassword', { token: 'x', password: 'secret12' }, 'none'],
    ['/admin-api/auth/login', { username: 'superadmin', password: 'wrong' }, 'none'],
    ['/admin-api/members/100000/block', { remark: 'x' }, 'admin'],
    ['/admin-api/members/100000/unblock', { remark: 'x' }, 'admin'],
    ['/admin-api/admin-users', { username: 'fuzzed', password: 'Password1', role: 'support' }, 'admin'],
    ['/api/ActivationHistory', { uid: ROOT, sid: ROOT, fdate: '', tdate: '', type: '2' }, 'member'],
    ['/api/EpinTransfer', { uid: ROOT, qty: '1', touid: '999999', epintype: 'EpintypeB' }, 'member'],
    ['/api/ActivateId', { uid: ROOT, touid: '999999', epin: 'ABCDEFGHJKLM' }, 'member'],
    ['/api/GetIncomeReport', { uid: ROOT, fdate: '', tdate: '', type: 'LevelIncome' }, 'member'],
    ['/api/GHRequesttoAdmin', { sid: ROOT, referby: ROOT, epin: 'EpintypeA', type: 'Activate' }, 'member'],
    ['/admin-api/epins/issue', { owner: '999999', type: 'EpintypeB', quantity: 1 }, 'admin'],
    ['/api/FundRequestBank', { uid: ROOT, utrno: 'UTR0000001', amount: '299', bankid: 'PO0000000000', qty: '1', epintype: 'EpintypeB', usertype: 'Activate' }, 'member'],
    ['/api/FundRequestHistory', { uid: ROOT, action: '7' }, 'member'],
    ['/api/genarateOrderIdNPayTRC', { username: ROOT, amount: '3.32' }, 'member'],
    ['/api/depositByNowPayTRC', { username: ROOT, amount: '3.32', epin_type: 'EpintypeB', epin_qty: '1', clientid: 'NP0' }, 'member'],
    ['/api/genarateOrderIdPayatupi', { username: ROOT, amount: '299' }, 'member'],
    ['/api/depositByPayatupi', { username: ROOT, amount: '299', epin_type: 'EpintypeB', epin_qty: '1', clientid: 'UP0' }, 'member'],
    ['/api/checkPaymentStatus', { clientid: 'NP0' }, 'member'],
    ['/api/updatePaymentStatus', { clientid: 'NP0', message: 'Response Received', utr: '1' }, 'member'],
    ['/api/payments/crypto/callback', { order_id: 'NP0', payment_status: 'finished', actually_paid: '1' }, 'none'],
    ['/admin-api/payment-options', { type: 'Bank', Bank_Name: 'Bank', acholdername: 'Holder', btcaddress: '1234567890', ifsc: 'SBIN0001234', Branch: 'Nashik' }, 'admin'],
    ['/admin-api/epin-requests/ER0/approve', { note: 'x' }, 'admin'],
    ['/admin-api/epin-requests/ER0/reject', { remark: 'x' }, 'admin'],
    ['/admin-api/payment-orders/NP0/resolve', { decision: 'issue', remark: 'x' }, 'admin'],
    ['/admin-api/payment-orders/NP0/recheck', { note: 'x' }, 'admin'],
    ['/admin-api/payment-double/orders/NP0/mark-paid', { note: 'x' }, 'admin'],
    ['/admin-api/payment-double/orders/NP0/expire', { note: 'x' }, 'admin'],
  ];

  it.each(posts)('POST %s with mangled JSON bodies', async (path, base, auth) => {
    const bearer = auth === 'member' ? memberToken : auth === 'admin' ? adminToken : undefined;
    await fc.assert(
      fc.asyncProperty(fc.oneof(mangled(base), anyBody), async (body) => {
        await probe(() => {
          const req = request(server()).post(path).set('Content-Type', 'application/json');
          if (bearer) req.set('Authorization', `Bearer ${bearer}`);
          return req.send(JSON.stringify(body));
        });
      }),
      { numRuns: RUNS },
    );
  });

  // PostgreSQL cannot store a NUL or half a surrogate pair: every field of every call, one at a time.
  it.each(posts)('POST %s refuses a NUL or a lone surrogate in any field with 400', async (path, base, auth) => {
    const bearer = auth === 'member' ? memberToken : auth === 'admin' ? adminToken : undefined;
    for (const key of Object.keys(base)) {
      for (const bad of ['a\u0000b', '\u0000', 'x\ud800', '\udc00y']) {
        const before = await eventCount(t.db.app);
        const req = request(server()).post(path).set('Content-Type', 'application/json');
        if (bearer) req.set('Authorization', `Bearer ${bearer}`);
        const res = await req.send(JSON.stringify({ ...base, [key]: bad }));
        expect([res.status, res.body.result]).toEqual([400, 'Input contains characters that are not allowed']);
        expect(await eventCount(t.db.app)).toBe(before);
      }
    }
  });

  it('GET query values and path ids with a NUL answer 400', async () => {
    const res = await request(server()).get('/api/check_sponsorid?uid=10%000');
    expect([res.status, res.body.result]).toEqual([400, 'Input contains characters that are not allowed']);
    const path = await request(server()).get('/admin-api/members/10%000').set('Authorization', `Bearer ${adminToken}`);
    expect(path.status).toBe(400);
  });

  it.each(posts)('POST %s with bodies that are not JSON at all', async (path, _base, auth) => {
    const bearer = auth === 'member' ? memberToken : auth === 'admin' ? adminToken : undefined;
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'), async (raw, type) => {
        await probe(() => {
          const req = request(server()).post(path).set('Content-Type', type);
          if (bearer) req.set('Authorization', `Bearer ${bearer}`);
          return req.send(raw);
        });
      }),
      { numRuns: RUNS / 2 },
    );
  });

  it.each([
    ['/api/check_sponsorid', 'uid'],
    ['/api/WelcomeDetails', 'uid'],
    ['/api/GetcountrybyID', 'id'],
    ['/api/countryList', 'x'],
  ])('GET %s with junk query values', async (path, key) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 50 }), fc.array(fc.string({ maxLength: 5 }), { minLength: 2, maxLength: 3 })), async (value) => {
        await probe(() => request(server()).get(path).query({ [key]: value }));
      }),
      { numRuns: RUNS },
    );
  });

  it('GET /api/adminBankDetailsByBankid with junk type, id and amount', async () => {
    const value = fc.oneof(fc.constantFrom('1', '9', '10', '', 'EpintypeA', '500', '501', '-1'), fc.string({ maxLength: 50 }), fc.array(fc.string({ maxLength: 5 }), { minLength: 2, maxLength: 3 }));
    await fc.assert(
      fc.asyncProperty(fc.record({ type: value, id: value, amount: value, uid: value }, { requiredKeys: [] }), async (query) => {
        await probe(() => request(server()).get('/api/adminBankDetailsByBankid').query(query).set('Authorization', `Bearer ${memberToken}`));
      }),
      { numRuns: RUNS },
    );
  });

  it.each([
    ['/api/registrationWeb', validRegistration(), 'none'],
    ['/api/EpinTransfer', { qty: '1', touid: '999999', epintype: 'EpintypeB' }, 'member'],
    ['/admin-api/epins/issue', { owner: '999999', type: 'EpintypeB', quantity: 1 }, 'admin'],
  ] as const)('POST %s with junk Idempotency-Key headers', async (path, base, auth) => {
    const bearer = auth === 'member' ? memberToken : auth === 'admin' ? adminToken : undefined;
    const key = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ minLength: 120, maxLength: 300 }), fc.constantFrom('', ' ', 'k'.repeat(128), 'k'.repeat(129), '../x', '💸'));
    await fc.assert(
      fc.asyncProperty(key, fc.oneof(fc.constant(base as Record<string, unknown>), mangled(base)), async (idempotencyKey, body) => {
        await probe(() => {
          const req = request(server()).post(path).set('Content-Type', 'application/json');
          if (bearer) req.set('Authorization', `Bearer ${bearer}`);
          // Header values must be Latin-1 on the wire: send what a client could send.
          req.set('Idempotency-Key', Buffer.from(idempotencyKey, 'utf8').toString('latin1'));
          return req.send(JSON.stringify(body));
        });
      }),
      { numRuns: RUNS / 2 },
    );
  });

  it('PUT /admin-api/admin-users/:id with junk bodies and ids', async () => {
    // Never the superadmin whose token the other properties use: a valid body may disable it.
    const id = fc.oneof(fc.constantFrom('support', 'auditor', 'nobody'), fc.string({ minLength: 1, maxLength: 30 }).filter((x) => !/[/?#]/.test(x) && x !== 'superadmin'));
    const body = fc.oneof(mangled({ role: 'support', disabled: false, password: 'Password1' }), anyBody);
    await fc.assert(
      fc.asyncProperty(id, body, async (username, payload) => {
        await probe(() => request(server()).put(`/admin-api/admin-users/${encodeURIComponent(username)}`).set('Authorization', `Bearer ${adminToken}`).set('Content-Type', 'application/json').send(JSON.stringify(payload)));
      }),
      { numRuns: RUNS },
    );
  });

  it('PUT /admin-api/settings/:key with junk values', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('epinPricesPaise', 'epinDiscountTiers', 'usdtRateInr', 'levelIncomeRatesBp', 'nope'), fc.oneof(fc.record({ value: anyBody }), anyBody), async (key, body) => {
        await probe(() => request(server()).put(`/admin-api/settings/${key}`).set('Authorization', `Bearer ${adminToken}`).set('Content-Type', 'application/json').send(JSON.stringify(body)));
      }),
      { numRuns: RUNS },
    );
  });

  it.each(['members', 'admin-users', 'events', 'mails', 'epins', 'level-income', 'help-requests', 'settings', 'payment-options', 'epin-requests', 'payment-orders', 'payment-double/orders', 'queues', 'failed-jobs'])('GET /admin-api/%s with junk sort, range and filter', async (resource) => {
    await fc.assert(
      fc.asyncProperty(fc.record({ sort: fc.oneof(fc.string(), fc.json()), range: fc.oneof(fc.string(), fc.json()), filter: fc.oneof(fc.string(), fc.json()) }, { requiredKeys: [] }), async (query) => {
        await probe(() => request(server()).get(`/admin-api/${resource}`).query(query).set('Authorization', `Bearer ${adminToken}`));
      }),
      { numRuns: RUNS },
    );
  });

  it('admin member actions with junk ids', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !s.includes('/') && !s.includes('?') && !s.includes('#')), fc.constantFrom('block', 'unblock', 'impersonate'), async (id, action) => {
        await probe(() => request(server()).post(`/admin-api/members/${encodeURIComponent(id)}/${action}`).set('Authorization', `Bearer ${adminToken}`).send({ remark: 'fuzz' }));
        await probe(() => request(server()).get(`/admin-api/members/${encodeURIComponent(id)}`).set('Authorization', `Bearer ${adminToken}`));
        await probe(() => request(server()).get(`/admin-api/events/${encodeURIComponent(id)}`).set('Authorization', `Bearer ${adminToken}`));
      }),
      { numRuns: RUNS },
    );
  });
});
