import fc from 'fast-check';
import request from 'supertest';
import { EPIN_MSG } from '../src/modules/epins/domain/epin.events';
import { MSG } from '../src/modules/identity/domain/member.messages';
import { PAY_MSG } from '../src/modules/payments';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../src/platform/http/json-depth';
import { MAX_RANGE_INDEX } from '../src/platform/http/list-query';
import { MULTILINE_FIELDS, UNSAFE_NUMBER_MESSAGE, UNSTORABLE_TEXT_MESSAGE } from '../src/platform/http/unstorable-text';
import { ADMIN_PASSWORD, ledgerOn, PASSWORD, ROOT, seedBasics, validRegistration } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';
import { writeCheckpoint } from '../src/platform/event-store/checkpoint';
import { testLedgerKeys } from './support/ledger-keys';
import {
  anyBody,
  BIG_NUMBER_TEXTS,
  mangled,
  nullBodies,
  PROTOTYPE_KEY_JSON,
  PROTOTYPE_KEY_OBJECTS,
  prototypeKeyBodies,
  RUNS,
  UNSAFE_NUMBERS,
  withRaw,
  WriteWatch,
  type Writes,
} from './support/fuzz';

/** A four-eyes request id that names none. */
const UNKNOWN_REQUEST = '00000000-0000-4000-8000-000000000000';

/** A second member, for the admin's block and unblock (the root's token must stay valid). */
const OTHER = '100001';

/** Runs per call of the deep-nesting property (each body is up to 40,000 levels, ~200 kB). */
const DEEP_RUNS = Math.max(3, Math.round(RUNS / 8));

/** Every admin list (react-admin's sort, range and filter query). */
const LISTS = [
  'members',
  'admin-users',
  'events',
  'mails',
  'epins',
  'level-income',
  'help-requests',
  'settings',
  'payment-options',
  'epin-requests',
  'payment-orders',
  'payment-double/orders',
  'queues',
  'failed-jobs',
  'four-eyes',
];

/** One call of either surface, with what it may write (`Writes`). */
interface Call extends Writes {
  method: 'post' | 'put';
  path: string;
  base: Record<string, unknown>;
  auth: 'member' | 'admin' | 'none';
}

/** What counting a failed login writes: its events, and the per-address counters they feed where that table exists. */
const LOGIN_FAILURE_WRITES = [
  'LoginFailed',
  'MemberLockedOut',
  'AdminLoginFailed',
  'AdminLockedOut',
  'login_addresses',
];

/** Admin calls refuse with 4xx: any 2xx is a success. */
const ADMIN_WRITES: Writes = { writes: 'any' };

/** JSON nested deeper than the edge allows, as text: the whole body, or one field of a real body. */
const tooDeep = (base: Record<string, unknown>) =>
  fc
    .tuple(
      fc.integer({ min: MAX_JSON_DEPTH + 1, max: 40_000 }),
      fc.constantFrom('array', 'object'),
      Object.keys(base).length
        ? fc.option(fc.constantFrom(...Object.keys(base)), { nil: undefined })
        : fc.constant(undefined),
    )
    .map(([depth, shape, field]) => {
      const nest =
        shape === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
      return field === undefined ? nest : withRaw(base, field, nest);
    });

describe('fuzz: malformed input never answers 5xx and never writes', () => {
  let t: TestApp;
  let memberToken: string;
  let adminToken: string;
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    await ledgerOn(t.db.app).run(
      { actor: { kind: 'system', id: 'test-seed' }, correlationId: 'test-seed' },
      async (tx) => {
        await tx.append(`member-${OTHER}`, 0, [
          {
            type: 'MemberRegistered',
            payload: {
              uid: OTHER,
              sponsorUid: ROOT,
              name: 'Other Member',
              email: 'other@sahyog.test',
              mobile: '9000000001',
              countryId: 101,
              city: 'Nashik',
              state: 'Maharashtra',
              upiNumber: 'other',
              walletAddress: '',
              credentialVersion: 1,
            },
          },
        ]);
      },
    );
    memberToken = (await request(server()).post('/api/login').send({ uid: ROOT, password: PASSWORD })).body.token;
    // A signed tree head, so POST /api/MyStatement answers a statement rather than 503 (decision 0045).
    await writeCheckpoint(t.db.app, testLedgerKeys());
    adminToken = (
      await request(server()).post('/admin-api/auth/login').send({ username: 'superadmin', password: ADMIN_PASSWORD })
    ).body.token;
  });
  afterAll(() => t.close());

  const watch = new WriteWatch(() => t.db.owner);
  beforeAll(() => watch.init());
  const probe = (send: () => request.Test, call?: Writes) => watch.probe(send, call);

  const asMember = { auth: 'member' } as const;
  const asAdmin = { auth: 'admin', writes: 'any' } as const;
  const result = (text: string) => (body: unknown) => (body as { result?: unknown })?.result === text;
  const calls: Call[] = [
    {
      method: 'post',
      path: '/api/registrationWeb',
      base: validRegistration(),
      auth: 'none',
      writes: result(MSG.registered),
    },
    // A wrong password is counted on the account's stream: the one write a refused login makes.
    {
      method: 'post',
      path: '/api/login',
      base: { uid: ROOT, password: 'wrong-but-shaped', ipaddress: '' },
      auth: 'none',
      writes: result(MSG.success),
      refusalMayWrite: LOGIN_FAILURE_WRITES,
    },
    { method: 'post', path: '/api/loginAdmin', base: { token: 'x.y.z' }, auth: 'none', writes: result(MSG.success) },
    { method: 'post', path: '/api/showpopup', base: { uid: ROOT }, ...asMember, writes: 'any' },
    { method: 'post', path: '/api/userDashboard', base: { uid: ROOT }, ...asMember, writes: 'never' },
    { method: 'post', path: '/api/userdashboard', base: { uid: ROOT }, ...asMember, writes: 'never' },
    { method: 'post', path: '/api/MyStatement', base: { since: { treeSize: 1 } }, ...asMember, writes: 'never' },
    {
      method: 'post',
      path: '/api/ForgetPassword',
      base: { uid: '999999' },
      auth: 'none',
      writes: (body) => body === MSG.passwordSent,
    },
    {
      method: 'post',
      path: '/api/ResetPassword',
      base: { token: 'x', password: 'secret12' },
      auth: 'none',
      writes: result(MSG.resetDone),
    },
    {
      method: 'post',
      path: '/api/ActivationHistory',
      base: { uid: ROOT, sid: ROOT, fdate: '', tdate: '', type: '2' },
      ...asMember,
      writes: 'never',
    },
    {
      method: 'post',
      path: '/api/EpinTransfer',
      base: { uid: ROOT, qty: '1', touid: '999999', epintype: 'EpintypeB' },
      ...asMember,
      writes: (body) => body === EPIN_MSG.transferDone,
    },
    {
      method: 'post',
      path: '/api/ActivateId',
      base: { uid: ROOT, touid: '999999', epin: 'ABCDEFGHJKLM' },
      ...asMember,
      writes: (body) => result(EPIN_MSG.activated)(body) || result(EPIN_MSG.upgraded)(body),
    },
    {
      method: 'post',
      path: '/api/GetIncomeReport',
      base: { uid: ROOT, fdate: '', tdate: '', type: 'LevelIncome' },
      ...asMember,
      writes: 'never',
    },
    {
      method: 'post',
      path: '/api/GHRequesttoAdmin',
      base: { sid: ROOT, referby: ROOT, epin: 'EpintypeA', type: 'Activate' },
      ...asMember,
      writes: result(MSG.success),
    },
    {
      method: 'post',
      path: '/api/FundRequestBank',
      base: {
        uid: ROOT,
        utrno: 'UTR0000001',
        amount: '299',
        bankid: 'PO0000000000',
        qty: '1',
        epintype: 'EpintypeB',
        usertype: 'Activate',
      },
      ...asMember,
      writes: (body) => body === PAY_MSG.success,
    },
    { method: 'post', path: '/api/FundRequestHistory', base: { uid: ROOT, action: '7' }, ...asMember, writes: 'never' },
    {
      method: 'post',
      path: '/api/genarateOrderIdNPayTRC',
      base: { username: ROOT, amount: '3.32' },
      ...asMember,
      writes: result(PAY_MSG.orderSuccess),
    },
    {
      method: 'post',
      path: '/api/depositByNowPayTRC',
      base: { username: ROOT, amount: '3.32', epin_type: 'EpintypeB', epin_qty: '1', clientid: 'NP0' },
      ...asMember,
      writes: (body) => (body as { success?: unknown })?.success === true,
    },
    {
      method: 'post',
      path: '/api/genarateOrderIdPayatupi',
      base: { username: ROOT, amount: '299' },
      ...asMember,
      writes: result(PAY_MSG.orderSuccess),
    },
    {
      method: 'post',
      path: '/api/depositByPayatupi',
      base: { username: ROOT, amount: '299', epin_type: 'EpintypeB', epin_qty: '1', clientid: 'UP0' },
      ...asMember,
      writes: (body) => (body as { data?: { message?: unknown } })?.data?.message === 'Success',
    },
    // A status check of a known order may settle it (the server asked the gateway); an unknown one writes nothing.
    {
      method: 'post',
      path: '/api/checkPaymentStatus',
      base: { clientid: 'NP0' },
      ...asMember,
      writes: (body) => (body as { data?: { message?: unknown } })?.data?.message !== PAY_MSG.unknownOrder,
    },
    {
      method: 'post',
      path: '/api/updatePaymentStatus',
      base: { clientid: 'NP0', message: 'Response Received', utr: '1' },
      ...asMember,
      writes: (body) => (body as { data?: { message?: unknown } })?.data?.message !== PAY_MSG.unknownOrder,
    },
    {
      method: 'post',
      path: '/api/payments/crypto/callback',
      base: { order_id: 'NP0', payment_status: 'finished', actually_paid: '1' },
      auth: 'none',
      writes: 'any',
    },
    {
      method: 'post',
      path: '/admin-api/auth/login',
      base: { username: 'superadmin', password: 'wrong' },
      auth: 'none',
      writes: 'any',
      refusalMayWrite: LOGIN_FAILURE_WRITES,
    },
    {
      method: 'post',
      path: '/admin-api/auth/login',
      base: { username: 'superadmin', password: 'wrong', totp: '123456' },
      auth: 'none',
      writes: 'any',
      refusalMayWrite: LOGIN_FAILURE_WRITES,
    },
    // The second factor (decision 0033): the fuzzing superadmin never confirms one, so these refuse.
    { method: 'post', path: '/admin-api/auth/totp/setup', base: {}, ...asAdmin },
    { method: 'post', path: '/admin-api/auth/totp/enable', base: { code: '123456' }, ...asAdmin },
    { method: 'post', path: '/admin-api/auth/totp/disable', base: { code: '123456' }, ...asAdmin },
    { method: 'post', path: '/admin-api/admin-users/support/reset-totp', base: {}, ...asAdmin },
    // Not the root: a block would end the member token every member call here uses.
    { method: 'post', path: `/admin-api/members/${OTHER}/block`, base: { remark: 'x' }, ...asAdmin },
    { method: 'post', path: `/admin-api/members/${OTHER}/unblock`, base: { remark: 'x' }, ...asAdmin },
    { method: 'post', path: '/admin-api/members/999999/impersonate', base: {}, ...asAdmin },
    {
      method: 'post',
      path: '/admin-api/admin-users',
      base: { username: 'fuzzed', password: 'Fuzzed-admin-pass-1', role: 'support' },
      ...asAdmin,
    },
    {
      method: 'put',
      path: '/admin-api/admin-users/support',
      base: { role: 'support', disabled: false, password: 'Fuzzed-admin-pass-1' },
      ...asAdmin,
    },
    // The admin's own password change, with a wrong current password (a right one would end the
    // token every admin call here uses). Logout is left out for the same reason: it ends that token.
    {
      method: 'post',
      path: '/admin-api/auth/password',
      base: { currentPassword: 'not-the-password', newPassword: 'Fuzzed-admin-pass-2' },
      ...asAdmin,
    },
    {
      method: 'post',
      path: '/admin-api/epins/issue',
      base: { owner: '999999', type: 'EpintypeB', quantity: 1 },
      ...asAdmin,
    },
    {
      method: 'put',
      path: '/admin-api/settings/epinDiscountTiers',
      base: { value: [{ minQty: 10, rateBp: 100 }] },
      ...asAdmin,
    },
    // Four eyes (decision 0034): the decisions on an unknown request (404), and a grant's request.
    { method: 'post', path: `/admin-api/four-eyes/${UNKNOWN_REQUEST}/approve`, base: {}, ...asAdmin },
    { method: 'post', path: `/admin-api/four-eyes/${UNKNOWN_REQUEST}/reject`, base: { reason: 'x' }, ...asAdmin },
    {
      method: 'post',
      path: '/admin-api/admin-users',
      base: { username: 'fuzzgrant', password: 'Password1', role: 'approver' },
      ...asAdmin,
    },
    {
      method: 'post',
      path: '/admin-api/payment-options',
      base: {
        type: 'Bank',
        Bank_Name: 'Bank',
        acholdername: 'Holder',
        btcaddress: '1234567890',
        ifsc: 'SBIN0001234',
        Branch: 'Nashik',
      },
      ...asAdmin,
    },
    {
      method: 'put',
      path: '/admin-api/payment-options/PO0',
      base: {
        type: 'Bank',
        Bank_Name: 'Bank',
        acholdername: 'Holder',
        btcaddress: '1234567890',
        ifsc: 'SBIN0001234',
        Branch: 'Nashik',
      },
      ...asAdmin,
    },
    { method: 'post', path: '/admin-api/epin-requests/ER0/approve', base: { note: 'x' }, ...asAdmin },
    { method: 'post', path: '/admin-api/epin-requests/ER0/reject', base: { remark: 'x' }, ...asAdmin },
    {
      method: 'post',
      path: '/admin-api/payment-orders/NP0/resolve',
      base: { decision: 'issue', remark: 'x' },
      ...asAdmin,
    },
    { method: 'post', path: '/admin-api/payment-orders/NP0/recheck', base: { note: 'x' }, ...asAdmin },
    { method: 'post', path: '/admin-api/payment-double/orders/NP0/mark-paid', base: { note: 'x' }, ...asAdmin },
    { method: 'post', path: '/admin-api/payment-double/orders/NP0/expire', base: { note: 'x' }, ...asAdmin },
    { method: 'post', path: '/admin-api/failed-jobs/0/retry', base: {}, ...asAdmin },
    { method: 'post', path: '/admin-api/ledger/verify', base: {}, auth: 'admin', writes: 'never' },
  ];
  const posts = calls
    .filter((c) => c.method === 'post' && Object.keys(c.base).length > 0)
    .map((c) => [c.path, c.base, c.auth, c] as const);

  /** A request for `call` with its token, `body` sent as given (text) or as JSON. */
  function send(call: Call, body: unknown, type = 'application/json'): request.Test {
    const bearer = call.auth === 'member' ? memberToken : call.auth === 'admin' ? adminToken : undefined;
    const req = request(server())[call.method](call.path).set('Content-Type', type);
    if (bearer) req.set('Authorization', `Bearer ${bearer}`);
    return req.send(typeof body === 'string' ? body : JSON.stringify(body));
  }

  it.each(posts)('POST %s with mangled JSON bodies', async (_path, base, _auth, call) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(mangled(base), anyBody), async (body) => {
        await probe(() => send(call, body), call);
      }),
      { numRuns: RUNS },
    );
  });

  it.each(
    calls.filter((c) => Object.keys(c.base).length > 0).map((c) => [`${c.method.toUpperCase()} ${c.path}`, c] as const),
  )('%s with null in any field, and in all of them: never a 5xx, a refusal writes nothing', async (_name, call) => {
    for (const body of nullBodies(call.base)) await probe(() => send(call, body), call);
  });

  // Issue 18 §5: an object with its own toString/valueOf/constructor/__proto__ where a string belongs
  // answered 500 wherever the server coerced it to text. Every field of every call, and the whole body.
  it.each(calls.map((c) => [`${c.method.toUpperCase()} ${c.path}`, c] as const))(
    '%s refuses objects with prototype keys in any field, and as the body, with 400',
    async (_name, call) => {
      for (const body of [...prototypeKeyBodies(call.base), ...PROTOTYPE_KEY_OBJECTS]) {
        const res = await probe(() => send(call, body), call);
        expect([JSON.stringify(body).slice(0, 120), res.status, typeof res.body.result]).toEqual([
          JSON.stringify(body).slice(0, 120),
          400,
          'string',
        ]);
      }
    },
  );

  it.each(LISTS)(
    'GET /admin-api/%s refuses objects with prototype keys in sort, range and filter with 400',
    async (resource) => {
      for (const json of PROTOTYPE_KEY_JSON) {
        for (const query of [
          { sort: `[${json},"ASC"]` },
          { sort: `["id",${json}]` },
          { sort: json },
          { range: `[${json},24]` },
          { range: `[0,${json}]` },
          { filter: json },
          { filter: `{"q":${json}}` },
          { filter: `{"status":[${json}]}` },
        ]) {
          const res = await probe(() =>
            request(server()).get(`/admin-api/${resource}`).query(query).set('Authorization', `Bearer ${adminToken}`),
          );
          // The settings list reads no sort, range or filter: it may answer them with its whole list.
          const expected = resource === 'settings' ? res.status : 400;
          expect([JSON.stringify(query), res.status]).toEqual([JSON.stringify(query), expected]);
          expect(res.status).toBeLessThan(500);
        }
      }
    },
  );

  it('member and public GET calls, and every header read, with prototype-key objects as text: never a 5xx', async () => {
    const gets: Array<[string, string, 'member' | '']> = [
      ['/api/check_sponsorid', 'uid', ''],
      ['/api/WelcomeDetails', 'uid', ''],
      ['/api/GetcountrybyID', 'id', ''],
      ['/api/getEpinData', 'uid', 'member'],
      ['/api/adminBankDetailsByBankid', 'id', 'member'],
      ['/api/adminBankDetailsByBankid', 'type', 'member'],
      ['/api/adminBankDetailsByBankid', 'amount', 'member'],
    ];
    for (const json of PROTOTYPE_KEY_JSON) {
      for (const [path, key, auth] of gets) {
        for (const query of [`${key}=${encodeURIComponent(json)}`, `${key}[toString]=x`, `${key}=1&${key}=2`]) {
          const req = request(server()).get(`${path}?${query}`);
          if (auth) req.set('Authorization', `Bearer ${memberToken}`);
          const res = await probe(() => req);
          expect([path, query, res.status < 500]).toEqual([path, query, true]);
        }
      }
      const headers: Array<[string, string]> = [
        ['Idempotency-Key', json],
        ['X-Welcome-Token', json],
        ['X-Correlation-Id', json],
        ['X-Forwarded-For', json],
        ['Authorization', `Bearer ${json}`],
        ['Authorization', json],
      ];
      for (const [name, value] of headers) {
        for (const call of calls.filter((c) =>
          ['/api/registrationWeb', '/api/userDashboard', '/admin-api/epins/issue', '/api/login'].includes(c.path),
        )) {
          const res = await probe(() => send(call, call.base).set(name, value), call);
          expect([call.path, name, res.status < 500]).toEqual([call.path, name, true]);
        }
        const welcome = await probe(() => request(server()).get(`/api/WelcomeDetails?uid=${ROOT}`).set(name, value));
        expect(welcome.status).toBeLessThan(500);
      }
    }
  });

  // PostgreSQL cannot store a NUL or half a surrogate pair, and no single-line field has a use for a
  // control character (a CR LF in an email is a header injection): every field of every call, one at a time.
  it.each(posts)(
    'POST %s refuses a NUL, a lone surrogate or a control character in any field with 400',
    async (_path, base, _auth, call) => {
      for (const key of Object.keys(base)) {
        for (const bad of [
          'a\u0000b',
          '\u0000',
          'x\ud800',
          '\udc00y',
          'a\u0007b',
          '\u001b[2J',
          'a\u007f',
          'a\u0085',
          ...(MULTILINE_FIELDS.has(key) ? [] : ['a\r\nSet-Cookie: x=1', '\t']),
        ]) {
          const res = await probe(() => send(call, { ...base, [key]: bad }), call);
          expect([key, bad, res.status, res.body.result]).toEqual([key, bad, 400, UNSTORABLE_TEXT_MESSAGE]);
        }
      }
    },
  );

  it('GET query values and path ids with a NUL answer 400', async () => {
    const res = await request(server()).get('/api/check_sponsorid?uid=10%000');
    expect([res.status, res.body.result]).toEqual([400, UNSTORABLE_TEXT_MESSAGE]);
    const path = await request(server()).get('/admin-api/members/10%000').set('Authorization', `Bearer ${adminToken}`);
    expect(path.status).toBe(400);
  });

  it.each(posts)('POST %s with bodies that are not JSON at all', async (_path, _base, _auth, call) => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 200 }),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        async (raw, type) => {
          await probe(() => send(call, raw, type), call);
        },
      ),
      { numRuns: RUNS / 2 },
    );
  });

  // Issue 8, point 6: nesting thousands deep overflowed the validation pipe's stack (a 500). Every call, member and admin.
  it.each(calls.map((c) => [c.method.toUpperCase(), c.path, c] as const))(
    `%s %s refuses JSON nested deeper than ${MAX_JSON_DEPTH} with 400 before parsing it`,
    async (_method, _path, call) => {
      await fc.assert(
        fc.asyncProperty(tooDeep(call.base), async (body) => {
          const res = await probe(() => send(call, body), call);
          expect([res.status, res.body.result]).toEqual([400, TOO_DEEP_MESSAGE]);
        }),
        { numRuns: DEEP_RUNS },
      );
    },
  );

  // Issue 8, point 7: a 20-digit country id overflowed PostgreSQL's integer (a 500). Every field of every call, member and admin.
  it.each(calls.map((c) => [c.method.toUpperCase(), c.path, c] as const))(
    '%s %s refuses numbers out of range in any field with 400, and numbers as text never answer 5xx',
    async (_method, _path, call) => {
      const fields = Object.keys(call.base);
      for (const raw of UNSAFE_NUMBERS) {
        const res = await probe(() => send(call, fields.length ? withRaw(call.base, fields[0], raw) : raw), call);
        expect([raw, res.status, res.body.result]).toEqual([raw, 400, UNSAFE_NUMBER_MESSAGE]);
      }
      if (fields.length === 0) return;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...fields), fc.constantFrom(...UNSAFE_NUMBERS), async (field, raw) => {
          const res = await probe(() => send(call, withRaw(call.base, field, raw)), call);
          expect([field, raw, res.status, res.body.result]).toEqual([field, raw, 400, UNSAFE_NUMBER_MESSAGE]);
        }),
        { numRuns: Math.min(RUNS / 2, fields.length * UNSAFE_NUMBERS.length) },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...fields),
          fc.constantFrom(...BIG_NUMBER_TEXTS),
          fc.boolean(),
          async (field, text, asNumber) => {
            // A number that fits 2^53 is sent as a JSON number too: the field's own check must refuse it where it is out of range.
            const body =
              asNumber && Number.isSafeInteger(Number(text))
                ? withRaw(call.base, field, text)
                : { ...call.base, [field]: text };
            await probe(() => send(call, body), call);
          },
        ),
        { numRuns: Math.min(RUNS / 2, fields.length * BIG_NUMBER_TEXTS.length * 2) },
      );
    },
  );

  it.each([
    ['/api/check_sponsorid?uid=', ''],
    ['/api/WelcomeDetails?uid=', ''],
    ['/api/GetcountrybyID?id=', ''],
    ['/api/getEpinData?uid=', 'member'],
    ['/api/adminBankDetailsByBankid?type=10&amount=299&id=', 'member'],
    ['/api/adminBankDetailsByBankid?type=9&id=', 'member'],
    ['/admin-api/members/', 'admin'],
    ['/admin-api/events/', 'admin'],
    ['/admin-api/mails/', 'admin'],
    ['/admin-api/admin-users/', 'admin'],
    ['/admin-api/settings/', 'admin'],
    ['/admin-api/payment-options/', 'admin'],
    ['/admin-api/epin-requests/', 'admin'],
    ['/admin-api/payment-orders/', 'admin'],
    ['/admin-api/four-eyes/', 'admin'],
  ])('GET %s… with numbers out of range answers 4xx and writes nothing', async (prefix, auth) => {
    for (const text of [...BIG_NUMBER_TEXTS, ...UNSAFE_NUMBERS]) {
      const req = request(server()).get(prefix + encodeURIComponent(text));
      if (auth) req.set('Authorization', `Bearer ${auth === 'member' ? memberToken : adminToken}`);
      const res = await probe(() => req);
      // A look-up by an id nobody has answers "not found" (200 with the contract's text, or 404); never a 5xx.
      expect(res.status).toBeLessThan(500);
    }
  });

  // The settings list is a handful of rows and reads no sort, range or filter.
  it.each(LISTS.filter((resource) => resource !== 'settings'))(
    'GET /admin-api/%s refuses deep JSON and numbers past 2^53 in sort, range and filter with 400',
    async (resource) => {
      const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
      for (const [query, message] of [
        [{ filter: '{"q":' + deep(MAX_JSON_DEPTH + 1) + '}' }, TOO_DEEP_MESSAGE],
        [{ sort: deep(2_000) }, TOO_DEEP_MESSAGE],
        [{ range: '[0,' + deep(500) + ']' }, TOO_DEEP_MESSAGE],
        [{ filter: '{"id":99999999999999999999}' }, UNSAFE_NUMBER_MESSAGE],
        [{ range: '[0,9007199254740993]' }, `range must be [start, end] with 0 <= start <= end <= ${MAX_RANGE_INDEX}`],
      ] as const) {
        const res = await probe(() =>
          request(server()).get(`/admin-api/${resource}`).query(query).set('Authorization', `Bearer ${adminToken}`),
        );
        expect([JSON.stringify(query).slice(0, 60), res.status, res.body.result]).toEqual([
          JSON.stringify(query).slice(0, 60),
          400,
          message,
        ]);
      }
    },
  );

  it.each([
    ['/api/check_sponsorid', 'uid'],
    ['/api/WelcomeDetails', 'uid'],
    ['/api/GetcountrybyID', 'id'],
    ['/api/countryList', 'x'],
  ])('GET %s with junk query values', async (path, key) => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 50 }), fc.array(fc.string({ maxLength: 5 }), { minLength: 2, maxLength: 3 })),
        async (value) => {
          await probe(() =>
            request(server())
              .get(path)
              .query({ [key]: value }),
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('GET /api/adminBankDetailsByBankid with junk type, id and amount', async () => {
    const value = fc.oneof(
      fc.constantFrom('1', '9', '10', '', 'EpintypeA', '500', '501', '-1'),
      fc.string({ maxLength: 50 }),
      fc.array(fc.string({ maxLength: 5 }), { minLength: 2, maxLength: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({ type: value, id: value, amount: value, uid: value }, { requiredKeys: [] }),
        async (query) => {
          await probe(() =>
            request(server())
              .get('/api/adminBankDetailsByBankid')
              .query(query)
              .set('Authorization', `Bearer ${memberToken}`),
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it.each([
    ['/api/registrationWeb', validRegistration(), 'none'],
    ['/api/EpinTransfer', { qty: '1', touid: '999999', epintype: 'EpintypeB' }, 'member'],
    ['/admin-api/epins/issue', { owner: '999999', type: 'EpintypeB', quantity: 1 }, 'admin'],
  ] as const)('POST %s with junk Idempotency-Key headers', async (path, base, auth) => {
    const bearer = auth === 'member' ? memberToken : auth === 'admin' ? adminToken : undefined;
    const call = calls.find((c) => c.path === path);
    const key = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ minLength: 120, maxLength: 300 }),
      fc.constantFrom('', ' ', 'k'.repeat(128), 'k'.repeat(129), '../x', '💸'),
    );
    await fc.assert(
      fc.asyncProperty(
        key,
        fc.oneof(fc.constant(base as Record<string, unknown>), mangled(base)),
        async (idempotencyKey, body) => {
          await probe(() => {
            const req = request(server()).post(path).set('Content-Type', 'application/json');
            if (bearer) req.set('Authorization', `Bearer ${bearer}`);
            // Header values must be Latin-1 on the wire: send what a client could send.
            req.set('Idempotency-Key', Buffer.from(idempotencyKey, 'utf8').toString('latin1'));
            return req.send(JSON.stringify(body));
          }, call);
        },
      ),
      { numRuns: RUNS / 2 },
    );
  });

  it('PUT /admin-api/admin-users/:id with junk bodies and ids', async () => {
    // Never the superadmin whose token the other properties use: a valid body may disable it.
    const id = fc.oneof(
      fc.constantFrom('support', 'auditor', 'nobody'),
      fc.string({ minLength: 1, maxLength: 30 }).filter((x) => !/[/?#]/.test(x) && x !== 'superadmin'),
    );
    const body = fc.oneof(mangled({ role: 'support', disabled: false, password: 'Fuzzed-admin-pass-1' }), anyBody);
    await fc.assert(
      fc.asyncProperty(id, body, async (username, payload) => {
        await probe(
          () =>
            request(server())
              .put(`/admin-api/admin-users/${encodeURIComponent(username)}`)
              .set('Authorization', `Bearer ${adminToken}`)
              .set('Content-Type', 'application/json')
              .send(JSON.stringify(payload)),
          ADMIN_WRITES,
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('PUT /admin-api/settings/:key with junk values', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('epinPricesPaise', 'epinDiscountTiers', 'usdtRateInr', 'levelIncomeRatesBp', 'nope'),
        fc.oneof(fc.record({ value: anyBody }), anyBody),
        async (key, body) => {
          await probe(
            () =>
              request(server())
                .put(`/admin-api/settings/${key}`)
                .set('Authorization', `Bearer ${adminToken}`)
                .set('Content-Type', 'application/json')
                .send(JSON.stringify(body)),
            ADMIN_WRITES,
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it.each(LISTS)('GET /admin-api/%s with junk sort, range and filter', async (resource) => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            sort: fc.oneof(fc.string(), fc.json()),
            range: fc.oneof(fc.string(), fc.json()),
            filter: fc.oneof(fc.string(), fc.json()),
          },
          { requiredKeys: [] },
        ),
        async (query) => {
          await probe(() =>
            request(server()).get(`/admin-api/${resource}`).query(query).set('Authorization', `Bearer ${adminToken}`),
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('admin member actions with junk ids', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .string({ minLength: 1, maxLength: 30 })
          .filter((s) => !s.includes('/') && !s.includes('?') && !s.includes('#')),
        fc.constantFrom('block', 'unblock', 'impersonate'),
        async (id, action) => {
          await probe(
            () =>
              request(server())
                .post(`/admin-api/members/${encodeURIComponent(id)}/${action}`)
                .set('Authorization', `Bearer ${adminToken}`)
                .send({ remark: 'fuzz' }),
            ADMIN_WRITES,
          );
          await probe(() =>
            request(server())
              .get(`/admin-api/members/${encodeURIComponent(id)}`)
              .set('Authorization', `Bearer ${adminToken}`),
          );
          await probe(() =>
            request(server())
              .get(`/admin-api/events/${encodeURIComponent(id)}`)
              .set('Authorization', `Bearer ${adminToken}`),
          );
        },
      ),
      { numRuns: RUNS },
    );
  });
});
