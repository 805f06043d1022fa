import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { LEDGER_CHECKS } from '../src/modules/ledger-audit/checks';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { DOUBLE_USAGE, runDoubleCommand } from '../src/modules/payments/double/double-cli';
import {
  MAX_PAYMENT_POLLS,
  PaymentStatusJob,
  pollPaymentStatus,
  PollTiming,
  pollTimingOf,
  sweepPaymentOrders,
} from '../src/modules/payments/jobs/payment-status.processor';
import { createPaymentOrders } from '../src/modules/payments/payments.module';
import { OUTBOX_ROUTES, QUEUE } from '../src/platform/jobs/queues';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { GatewayDouble } from '../src/modules/payments/double/gateway-double';
import { signIpn } from '../src/modules/payments/gateways/gateway';
import {
  DEV_IPN_SECRET,
  LATE_PAYMENT_WATCH_SECONDS,
  loadPaymentsConfig,
} from '../src/modules/payments/payments.config';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { Network } from './support/network';
import { eventCount, ledgerOn, seedBasics } from './support/seed';
import { startTestApp, TestApp, testRedisUrl } from './support/test-app';
import { startTestAppWithWorker } from './support/with-worker';

/** The payment-status job's pace in the direct tests (the worker's comes from its env). */
const timing: PollTiming = { everyMs: 1000, lateEveryMs: 5000, lateWatchMs: LATE_PAYMENT_WATCH_SECONDS * 1000 };

describe('payments: options, bank/QR requests, gateway orders', () => {
  let t: TestApp;
  let net: Network;
  const server = () => t.app.getHttpServer();
  const admin = async (
    method: 'get' | 'post' | 'put',
    path: string,
    body?: Record<string, unknown>,
    as = 'superadmin',
  ) => {
    const bearer =
      as === 'superadmin'
        ? await net.admin()
        : (
            await request(server())
              .post('/admin-api/auth/login')
              .send({ username: as, password: 'Admin@123' })
              .expect(200)
          ).body.token;
    const req = request(server())[method](`/admin-api${path}`).set('Authorization', `Bearer ${bearer}`);
    return body ? req.send(body) : req;
  };
  const getAs = async (uid: string, path: string, query: Record<string, string>) =>
    request(server())
      .get(path)
      .query(query)
      .set('Authorization', `Bearer ${await net.token(uid)}`);
  const epinsOf = async (uid: string, kind?: string, ref?: string) =>
    (
      await t.db.owner.query<{ number: string }>(
        'select number from epins where owner_uid = $1 and ($2::text is null or source_kind = $2) and ($3::text is null or source_ref = $3)',
        [uid, kind ?? null, ref ?? null],
      )
    ).map((r) => r.number);
  let bankOption: string;
  let qrOption: string;

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    net = new Network(t);
  });
  afterAll(() => t.close());

  it('admin creates Bank and QR options (IFSC checked); members list them, see one, and get the server quote', async () => {
    const bad = await admin('post', '/payment-options', {
      type: 'Bank',
      Bank_Name: 'State Bank',
      acholdername: 'Sahyog Foundation',
      btcaddress: '123456789012',
      ifsc: 'SBIN123',
      Branch: 'Nashik',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/IFSC/);
    const support = await admin(
      'post',
      '/payment-options',
      {
        type: 'Bank',
        Bank_Name: 'State Bank',
        acholdername: 'Sahyog Foundation',
        btcaddress: '123456789012',
        ifsc: 'SBIN0001234',
        Branch: 'Nashik',
      },
      'support',
    );
    expect(support.status).toBe(403);
    const bank = await admin('post', '/payment-options', {
      type: 'Bank',
      Bank_Name: 'State Bank',
      acholdername: 'Sahyog Foundation',
      btcaddress: '123456789012',
      ifsc: 'sbin0001234',
      Branch: 'Nashik',
    });
    expect(bank.status).toBe(201);
    bankOption = bank.body.id;
    expect(bank.body).toMatchObject({ type: 'Bank', Bank_Name: 'State Bank', ifsc: 'SBIN0001234', disabled: false });
    const qr = await admin('post', '/payment-options', {
      type: 'QR',
      Bank_Name: 'UPI',
      acholdername: 'Sahyog',
      btcaddress: 'sahyog@upi',
      imglink: 'https://example.org/qr.png',
    });
    qrOption = qr.body.id;
    const old = (
      await admin('post', '/payment-options', {
        type: 'QR',
        Bank_Name: 'Old UPI',
        acholdername: 'Sahyog',
        btcaddress: 'old@upi',
        imglink: 'https://example.org/old.png',
      })
    ).body.id;
    const edited = await admin('put', `/payment-options/${old}`, {
      type: 'QR',
      Bank_Name: 'Old UPI (closed)',
      acholdername: 'Sahyog',
      btcaddress: 'old@upi',
      imglink: 'https://example.org/old.png',
      disabled: true,
    });
    expect(edited.body).toMatchObject({ Bank_Name: 'Old UPI (closed)', disabled: true });
    const events = await t.db.owner.query<{ type: string }>(
      'select type from events where stream_id = $1 order by stream_version',
      [`payment-option-${old}`],
    );
    expect(events.map((e) => e.type)).toEqual(['PaymentOptionCreated', 'PaymentOptionEdited', 'PaymentOptionDisabled']);
    // Created disabled: both events in one transaction, so members never see it enabled.
    const hidden = await admin('post', '/payment-options', {
      type: 'QR',
      Bank_Name: 'Spare UPI',
      acholdername: 'Sahyog',
      btcaddress: 'spare@upi',
      imglink: 'https://example.org/spare.png',
      disabled: true,
    });
    expect([hidden.status, hidden.body.disabled]).toEqual([201, true]);
    const created = await t.db.owner.query<{ type: string; tx_id: string }>(
      'select type, tx_id::text as tx_id from events where stream_id = $1 order by stream_version',
      [`payment-option-${hidden.body.id}`],
    );
    expect(created.map((e) => e.type)).toEqual(['PaymentOptionCreated', 'PaymentOptionDisabled']);
    expect(new Set(created.map((e) => e.tx_id)).size).toBe(1);
    const listed = await admin('get', '/payment-options');
    expect(listed.headers['content-range']).toBe('payment-options 0-3/4');

    const uid = await net.register();
    const list = await getAs(uid, '/api/adminBankDetailsByBankid', { uid, type: '1' });
    expect(list.status).toBe(200);
    expect(list.body.map((o: { id: string }) => o.id)).toEqual([bankOption, qrOption]);
    expect(list.body[0]).toEqual({
      id: bankOption,
      Bank_Name: 'State Bank',
      type: 'Bank',
      acholdername: 'Sahyog Foundation',
      btcaddress: '123456789012',
      ifsc: 'SBIN0001234',
      Branch: 'Nashik',
      imglink: '',
    });
    const one = await getAs(uid, '/api/adminBankDetailsByBankid', { uid, type: '9', id: qrOption });
    expect(one.body).toEqual([
      [
        expect.objectContaining({
          id: qrOption,
          type: 'QR',
          btcaddress: 'sahyog@upi',
          imglink: 'https://example.org/qr.png',
        }),
      ],
    ]);
    expect((await getAs(uid, '/api/adminBankDetailsByBankid', { type: '9', id: old })).body).toEqual([[]]);
    const q = await getAs(uid, '/api/adminBankDetailsByBankid', { uid, type: '10', id: '3', amount: 'EpintypeB' });
    expect(q.body).toEqual([
      [{ requestpin_amount: '897.00', discount_amount: '0.00', discount_rate: '0.00', amount1: '897.00' }],
    ]);
    // A discount tier is a setting: 5 % from 5 e-pins.
    await net.setting('epinDiscountTiers', [{ minQty: 5, rateBp: 500 }]).then((r) => expect(r.status).toBe(200));
    const tiered = await getAs(uid, '/api/adminBankDetailsByBankid', { type: '10', id: '5', amount: 'EpintypeA' });
    expect(tiered.body).toEqual([
      [{ requestpin_amount: '5000.00', discount_amount: '250.00', discount_rate: '5.00', amount1: '4750.00' }],
    ]);
    expect(
      (await getAs(uid, '/api/adminBankDetailsByBankid', { type: '10', id: 'x', amount: 'EpintypeA' })).status,
    ).toBe(400);
    expect((await getAs(uid, '/api/adminBankDetailsByBankid', { type: '7' })).status).toBe(400);
    await net.setting('epinDiscountTiers', []);
  });

  it("checks a bank request in the spec's order, prices it on the server, and refuses a reused UTR", async () => {
    const uid = await net.register();
    const send = (body: Record<string, unknown>) =>
      net.as(uid, '/api/FundRequestBank', { uid, usertype: 'Activate', ...body });
    await net.token(uid);
    const before = await eventCount(t.db.app);
    expect((await send({ utrno: '', amount: '', bankid: '', qty: '', epintype: '' })).body).toBe(
      'Please Select Payment Type',
    );
    expect((await send({ utrno: '', amount: '', bankid: bankOption, qty: '', epintype: '' })).body).toBe(
      'UTR Number is required',
    );
    expect((await send({ utrno: 'UTR123456789', bankid: bankOption, qty: '', epintype: '' })).body).toBe(
      'Enter Quantity !!',
    );
    expect((await send({ utrno: 'UTR123456789', bankid: bankOption, qty: '2', epintype: '' })).body).toBe(
      'Enter Epin Type !!',
    );
    expect((await send({ utrno: 'UTR123456789', bankid: 'NOSUCH', qty: '2', epintype: 'EpintypeB' })).body).toBe(
      'Please Select Payment Type',
    );
    // An over-long field never pre-empts the ordered "required" messages; after them it is a clear 400.
    expect(
      (
        await send({
          utrno: 'U'.repeat(31),
          amount: '9'.repeat(11),
          bankid: '',
          qty: '123456',
          epintype: 'E'.repeat(21),
          usertype: 'x'.repeat(31),
        })
      ).body,
    ).toBe('Please Select Payment Type');
    expect((await send({ utrno: '', bankid: 'B'.repeat(41), qty: '123456', epintype: 'E'.repeat(21) })).body).toBe(
      'UTR Number is required',
    );
    expect((await send({ utrno: 'U'.repeat(31), bankid: bankOption, qty: '', epintype: 'E'.repeat(21) })).body).toBe(
      'Enter Quantity !!',
    );
    expect((await send({ utrno: 'U'.repeat(31), bankid: bankOption, qty: '123456', epintype: '   ' })).body).toBe(
      'Enter Epin Type !!',
    );
    const tooLong: Array<[Record<string, unknown>, string]> = [
      [{ bankid: 'B'.repeat(41) }, 'bankid must be at most 40 characters'],
      [{ utrno: 'U'.repeat(31) }, 'UTR Number must be at most 30 characters'],
      [{ qty: '123456' }, 'Quantity must be at most 5 characters'],
      [{ epintype: 'E'.repeat(21) }, 'Epin Type must be at most 20 characters'],
      [{ amount: '9'.repeat(11) }, 'amount must be at most 10 characters'],
      [{ usertype: 'x'.repeat(31) }, 'usertype must be at most 30 characters'],
    ];
    for (const [field, message] of tooLong) {
      const res = await send({ utrno: 'UTR123456789', bankid: bankOption, qty: '2', epintype: 'EpintypeB', ...field });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect(await eventCount(t.db.app)).toBe(before);
    const other = await net.register();
    expect(
      (
        await net.as(uid, '/api/FundRequestBank', {
          uid: other,
          utrno: 'UTR123456789',
          bankid: bankOption,
          qty: '2',
          epintype: 'EpintypeB',
        })
      ).status,
    ).toBe(403);

    const ok = await send({ utrno: 'UTR123456789', amount: '1.00', bankid: bankOption, qty: 2, epintype: 'EpintypeB' });
    expect(ok.status).toBe(200);
    expect(ok.body).toBe('success');
    expect(ok.text).toBe('"success"');
    expect((await send({ utrno: 'utr123456789', bankid: qrOption, qty: '1', epintype: 'EpintypeA' })).body).toBe(
      'This UTR Number has already been used',
    );
    expect(
      (
        await net.as(other, '/api/FundRequestBank', {
          utrno: 'UTR123456789',
          bankid: bankOption,
          qty: '1',
          epintype: 'EpintypeB',
        })
      ).body,
    ).toBe('This UTR Number has already been used');

    const [row] = (await net.as(uid, '/api/FundRequestHistory', { uid, action: 7 })).body[0];
    expect(row).toMatchObject({
      row: 1,
      uid,
      utrno: 'UTR123456789',
      qty: 2,
      st: 'Pending',
      amount: '598.00',
      requestpin_amount: '598.00',
      discount_amount: '0.00',
      discount_rate: '0.00',
      bankname: 'State Bank',
      accountnumber: '123456789012',
      acholdername: 'Sahyog Foundation',
      ifsc: 'SBIN0001234',
      branch: 'Nashik',
      usertype: 'Activate',
      approveDate: '',
      remark: '',
    });
    const [stored] = await t.db.owner.query<{ client_amount: string; net: string }>(
      'select client_amount, net_paise::text as net from epin_requests where uid = $1',
      [uid],
    );
    expect(stored).toEqual({ client_amount: '1.00', net: '59800' });
  });

  it('two requests racing with one UTR: exactly one is stored', async () => {
    const [a, b] = [await net.register(), await net.register()];
    const answers = await Promise.all(
      [a, b, a, b].map((uid) =>
        net.as(uid, '/api/FundRequestBank', {
          utrno: 'RACE000111',
          bankid: bankOption,
          qty: '1',
          epintype: 'EpintypeB',
        }),
      ),
    );
    expect(answers.map((r) => r.body).sort()).toEqual([
      'This UTR Number has already been used',
      'This UTR Number has already been used',
      'This UTR Number has already been used',
      'success',
    ]);
    const stored = await t.db.owner.query<{ uid: string }>(
      "select uid from epin_requests where upper(utrno) = 'RACE000111'",
    );
    expect(stored).toHaveLength(1);
    expect([a, b]).toContain(stored[0].uid);
    expect(
      await t.db.owner.query(
        "select 1 from events where type = 'EpinRequestSubmitted' and upper(payload->>'utrno') = 'RACE000111'",
      ),
    ).toHaveLength(1);
  });

  it('approval issues the e-pins once, in the same commit; a second decision is refused; rejection issues none', async () => {
    const uid = await net.register();
    await net.as(uid, '/api/FundRequestBank', {
      utrno: 'APPROVE00001',
      bankid: bankOption,
      qty: '3',
      epintype: 'EpintypeB',
    });
    await net.as(uid, '/api/FundRequestBank', {
      utrno: 'REJECT000001',
      bankid: qrOption,
      qty: '2',
      epintype: 'EpintypeA',
    });
    const pending = await admin(
      'get',
      `/epin-requests?filter=${encodeURIComponent(JSON.stringify({ uid, status: 'Pending' }))}`,
    );
    expect(pending.body).toHaveLength(2);
    const approveId = pending.body.find((r: { utrno: string }) => r.utrno === 'APPROVE00001').id;
    const rejectId = pending.body.find((r: { utrno: string }) => r.utrno === 'REJECT000001').id;

    expect((await admin('post', `/epin-requests/${approveId}/approve`, undefined, 'support')).status).toBe(403);
    const [first, second] = await Promise.all([
      admin('post', `/epin-requests/${approveId}/approve`, undefined, 'approver'),
      admin('post', `/epin-requests/${approveId}/approve`),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = first.status === 200 ? first : second;
    expect(winner.body.epins).toHaveLength(3);
    expect((await epinsOf(uid, 'request', approveId)).sort()).toEqual([...winner.body.epins].sort());
    const again = await admin('post', `/epin-requests/${approveId}/approve`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This request is already Approved');

    expect((await admin('post', `/epin-requests/${rejectId}/reject`, { remark: '' })).status).toBe(400);
    const blank = await admin('post', `/epin-requests/${rejectId}/reject`, { remark: ' \t\n ' });
    expect([blank.status, blank.body.message]).toEqual([400, expect.stringMatching(/^Please Enter Remark !!/)]);
    expect((await admin('get', `/epin-requests/${rejectId}`)).body.status).toBe('Pending');
    const rejected = await admin('post', `/epin-requests/${rejectId}/reject`, {
      remark: 'No such credit in the statement',
    });
    expect(rejected.status).toBe(200);
    expect((await admin('post', `/epin-requests/${rejectId}/approve`)).status).toBe(409);
    expect(await epinsOf(uid, 'request', rejectId)).toEqual([]);
    expect(await epinsOf(uid)).toHaveLength(3);

    const history = (await net.as(uid, '/api/FundRequestHistory', { action: '7' })).body[0];
    const byUtr = Object.fromEntries(history.map((r: { utrno: string }) => [r.utrno, r]));
    expect(byUtr.APPROVE00001).toMatchObject({ st: 'Approved', amount: '897.00' });
    expect(byUtr.APPROVE00001.approveDate).not.toBe('');
    expect(byUtr.REJECT000001).toMatchObject({
      st: 'Rejected',
      remark: 'No such credit in the statement',
      amount: '2000.00',
      bankname: 'UPI',
    });
    const [approved] = await t.db.owner.query<{ payload: { postings: unknown } }>(
      "select payload from events where stream_id = $1 and type = 'EpinRequestApproved'",
      [`fund-request-${approveId}`],
    );
    expect(approved.payload.postings).toEqual([
      { account: 'external:admin-bank', amountPaise: '-89700' },
      { account: 'platform:epin-sales', amountPaise: '89700' },
    ]);
  });

  const openCrypto = async (uid: string, qty = '2') => {
    const order = await net.as(uid, '/api/genarateOrderIdNPayTRC', { username: uid, amount: '6.64' });
    expect(order.body).toEqual({ result: 'success', clientid: expect.stringMatching(/^NP\d+[0-9A-F]{6}$/) });
    const clientid = order.body.clientid as string;
    const deposit = await net.as(uid, '/api/depositByNowPayTRC', {
      username: uid,
      amount: '0.01',
      epin_type: 'EpintypeB',
      epin_qty: qty,
      clientid,
    });
    expect(deposit.body).toMatchObject({ success: true, data: expect.stringMatching(/^0x[0-9a-f]{40}$/) });
    // member-web counts the 20 minutes on the server's clock: the answer's Date header is 1200 s before expiresAt.
    const windowOnServerClock = Date.parse(deposit.body.expiresAt as string) - Date.parse(deposit.headers.date);
    expect(Math.abs(windowOnServerClock - 1_200_000)).toBeLessThan(2_000);
    return { clientid, address: deposit.body.data as string, amount: deposit.body.amount as string };
  };
  it('issues e-pins at the price they were bought at, whatever the price is when the request is approved or the payment confirmed', async () => {
    const uid = await net.register();
    expect(
      (
        await net.as(uid, '/api/FundRequestBank', {
          utrno: 'PRICE0000001',
          bankid: bankOption,
          qty: '2',
          epintype: 'EpintypeB',
        })
      ).body,
    ).toBe('success');
    const { clientid } = await openCrypto(uid, '1');
    const prices = (await admin('get', '/settings/epinPricesPaise')).body.value as Record<string, string>;
    expect((await net.setting('epinPricesPaise', { ...prices, EpintypeB: '35000' })).status).toBe(200);
    try {
      const [pending] = (
        await admin('get', `/epin-requests?filter=${encodeURIComponent(JSON.stringify({ uid, status: 'Pending' }))}`)
      ).body;
      expect((await admin('post', `/epin-requests/${pending.id}/approve`)).status).toBe(200);
      expect((await admin('post', `/payment-double/orders/${clientid}/mark-paid`)).status).toBe(200);
      expect((await net.as(uid, '/api/checkPaymentStatus', { clientid })).body.data).toMatchObject({ status_id: 1 }); // the server asks the gateway and issues
      const values = await t.db.owner.query<{ source_kind: string; value: string }>(
        'select source_kind, value_paise::text as value from epins where owner_uid = $1 order by source_kind',
        [uid],
      );
      expect(values).toEqual([
        { source_kind: 'order', value: '29900' },
        { source_kind: 'request', value: '29900' },
        { source_kind: 'request', value: '29900' },
      ]);
      // Bought after the change: the new price.
      expect(
        (
          await net.as(uid, '/api/FundRequestBank', {
            utrno: 'PRICE0000002',
            bankid: bankOption,
            qty: '1',
            epintype: 'EpintypeB',
          })
        ).body,
      ).toBe('success');
      const [later] = (
        await admin('get', `/epin-requests?filter=${encodeURIComponent(JSON.stringify({ uid, status: 'Pending' }))}`)
      ).body;
      expect((await admin('post', `/epin-requests/${later.id}/approve`)).status).toBe(200);
      expect(
        await t.db.owner.query<{ value: string }>(
          'select value_paise::text as value from epins where source_ref = $1',
          [later.id],
        ),
      ).toEqual([{ value: '35000' }]);
    } finally {
      expect((await net.setting('epinPricesPaise', prices)).status).toBe(200);
    }
  });

  const lastCallback = async (clientid: string) => {
    const [row] = await t.db.owner.query<{ last_callback: { body: Record<string, unknown>; signature: string } }>(
      'select last_callback from gateway_double_orders where order_ref = $1',
      [clientid],
    );
    return row.last_callback;
  };
  const postCallback = (body: Record<string, unknown>, signature: string) =>
    request(server()).post('/api/payments/crypto/callback').set('x-nowpayments-sig', signature).send(body);

  it('a USDT order: server-priced, paid twice (callback, replayed callback, status checks) → e-pins issued once', async () => {
    const uid = await net.register();
    const { clientid, amount } = await openCrypto(uid);
    expect(amount).toBe('6.64'); // 2 × ₹299 = ₹598 / 90 = 6.644… → 6.64, whatever the client said
    expect(
      (await net.as(uid, '/api/depositByNowPayTRC', { epin_type: 'EpintypeB', epin_qty: '1', clientid })).body,
    ).toEqual({ success: false, data: 'This order is already open' });
    // Only 299 (EpintypeB) is offered online: EpintypeA is refused and nothing is opened at the gateway.
    const typeA = (await net.as(uid, '/api/genarateOrderIdNPayTRC', { username: uid })).body.clientid as string;
    expect(
      (await net.as(uid, '/api/depositByNowPayTRC', { epin_type: 'EpintypeA', epin_qty: '1', clientid: typeA })).body,
    ).toEqual({ success: false, data: 'Only 299 (EpintypeB) e-pins can be bought online or through the UPI gateway' });
    expect(
      (await t.db.owner.query<{ status: string }>('select status from payment_orders where clientid = $1', [typeA]))[0]
        .status,
    ).toBe('created');
    const stranger = await net.register();
    expect((await net.as(stranger, '/api/checkPaymentStatus', { clientid })).body.data.message).toBe(
      'Invalid Order Id',
    );
    expect((await net.as(uid, '/api/checkPaymentStatus', { clientid })).body).toEqual({
      data: { message: 'Payment Pending', status_id: 0, data: { utr: '' } },
    });

    const paid = await admin('post', `/payment-double/orders/${clientid}/mark-paid`, undefined, 'approver');
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('finished');
    expect(paid.body.callback).toMatch(/not delivered/); // PUBLIC_URL is not reachable from the test; the IPN is kept
    const ipn = await lastCallback(clientid);
    const results = await Promise.all([
      postCallback(ipn.body, ipn.signature),
      postCallback(ipn.body, ipn.signature),
      net.as(uid, '/api/checkPaymentStatus', { clientid }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    await admin('post', `/payment-double/orders/${clientid}/mark-paid`);
    await postCallback(ipn.body, ipn.signature).expect(200);
    const status = (await net.as(uid, '/api/checkPaymentStatus', { clientid })).body;
    expect(status.data).toMatchObject({ message: 'Response Received', status_id: 1 });
    expect(status.data.data.utr).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await epinsOf(uid, 'order', clientid)).toHaveLength(2);
    const confirmations = await t.db.owner.query(
      "select 1 from events where stream_id = $1 and type = 'PaymentConfirmed'",
      [`payment-order-${clientid}`],
    );
    expect(confirmations).toHaveLength(1);

    const [row] = (await net.as(uid, '/api/FundRequestHistory', { action: 11 })).body[0];
    expect(row).toMatchObject({
      row: 1,
      uid,
      client_txn_id: clientid,
      amount: '6.64',
      msg: 'finished',
      epin_type: 'EpintypeB',
      epin_qty: 2,
      epin_amount: '598.00',
      epin_discountrate: '0.00',
      epin_discountamount: '0.00',
      epin_netamount: '598.00',
    });
    expect(row.upi_id_hash).toBe(status.data.data.utr);
    expect(row.txn_link).toBe(`https://bscscan.com/tx/${row.upi_id_hash}`);
    expect(row.approveDate).not.toBe('');
  });

  it('a forged callback (bad signature, or a valid one for a changed body) → 401 and nothing written', async () => {
    const uid = await net.register();
    const { clientid, address } = await openCrypto(uid, '1');
    const forged = {
      payment_id: '1',
      order_id: clientid,
      payment_status: 'finished',
      pay_address: address,
      pay_amount: '3.32',
      actually_paid: '3.32',
      payin_hash: `0x${'ab'.repeat(32)}`,
    };
    const before = await eventCount(t.db.app);
    expect((await postCallback(forged, signIpn('not-the-secret', forged))).status).toBe(401);
    expect((await postCallback(forged, 'zz')).status).toBe(401);
    expect((await request(server()).post('/api/payments/crypto/callback').send(forged)).status).toBe(401);
    const signedOther = { ...forged, order_id: 'NP0' };
    expect((await postCallback(forged, signIpn(DEV_IPN_SECRET, signedOther))).status).toBe(401);
    expect(await eventCount(t.db.app)).toBe(before);
    expect(await epinsOf(uid)).toEqual([]);
    // Even a correctly signed claim (a leaked secret) is checked with the gateway, which saw no payment.
    const signed = await postCallback(forged, signIpn(DEV_IPN_SECRET, forged));
    expect(signed.body).toEqual({ ok: true, status: 'open' });
    expect(await eventCount(t.db.app)).toBe(before);
    expect(await epinsOf(uid)).toEqual([]);
    // The gateway itself says nothing was paid: the status check issues nothing either.
    expect((await net.as(uid, '/api/checkPaymentStatus', { clientid })).body.data.status_id).toBe(0);
  });

  it('a payment made inside the window but confirmed by the gateway after the order expired here is on time: e-pins issued once', async () => {
    const uid = await net.register();
    const { clientid } = await openCrypto(uid, '1');
    const orders = createPaymentOrders(t.db.app, ledgerOn(t.db.app));
    const meta = { actor: { kind: 'system' as const, id: 'payment-status' }, correlationId: `test-${clientid}` };
    const [{ expires_at: expiresAt }] = await t.db.owner.query<{ expires_at: Date }>(
      'select expires_at from payment_orders where clientid = $1',
      [clientid],
    );
    // The window passed while the gateway still had the payment confirming: expired here.
    expect(await orders.settle(clientid, { state: 'expired', paidAt: null, txnHash: null, utr: null }, meta)).toBe(
      'expired',
    );
    // Then the gateway confirms it, paid a minute before the deadline.
    const paidInTime = {
      state: 'paid' as const,
      paidAt: new Date(expiresAt.getTime() - 60_000),
      txnHash: `0x${'a'.repeat(64)}`,
      utr: null,
    };
    expect(await orders.settle(clientid, paidInTime, meta)).toBe('confirmed');
    expect(await orders.settle(clientid, paidInTime, meta)).toBe('confirmed'); // asked again: nothing more
    expect(await epinsOf(uid, 'order', clientid)).toHaveLength(1);
    // Paid after the deadline stays late, with no e-pins (admin-resolvable).
    const other = await openCrypto(uid, '1');
    const [{ expires_at: otherExpiry }] = await t.db.owner.query<{ expires_at: Date }>(
      'select expires_at from payment_orders where clientid = $1',
      [other.clientid],
    );
    expect(
      await orders.settle(other.clientid, { state: 'expired', paidAt: null, txnHash: null, utr: null }, meta),
    ).toBe('expired');
    expect(
      await orders.settle(
        other.clientid,
        { state: 'paid', paidAt: new Date(otherExpiry.getTime() + 60_000), txnHash: `0x${'b'.repeat(64)}`, utr: null },
        meta,
      ),
    ).toBe('late');
    expect(await epinsOf(uid, 'order', other.clientid)).toEqual([]);
  });

  it("the client's updatePaymentStatus alone never issues e-pins", async () => {
    const uid = await net.register();
    const { clientid } = await openCrypto(uid, '1');
    const claim = await net.as(uid, '/api/updatePaymentStatus', {
      clientid,
      message: 'Response Received',
      utr: '0xdeadbeef',
    });
    expect(claim.status).toBe(200);
    expect(claim.body.data).toMatchObject({ message: 'Payment Pending', status_id: 0 });
    expect(await epinsOf(uid)).toEqual([]);
    const [order] = await t.db.owner.query<{ status: string; utr: string | null }>(
      'select status, utr from payment_orders where clientid = $1',
      [clientid],
    );
    expect(order).toEqual({ status: 'open', utr: null });
  });

  it('a payment after expiry issues nothing, is recorded late, and an admin resolves it once', async () => {
    const uid = await net.register();
    const { clientid } = await openCrypto(uid, '1');
    const expired = await admin('post', `/payment-double/orders/${clientid}/expire`);
    expect(expired.body.status).toBe('expired');
    await postCallback((await lastCallback(clientid)).body, (await lastCallback(clientid)).signature).expect(200);
    expect((await net.as(uid, '/api/checkPaymentStatus', { clientid })).body.data).toMatchObject({
      message: 'Payment Expired',
      status_id: 2,
    });
    await admin('post', `/payment-double/orders/${clientid}/mark-paid`);
    const ipn = await lastCallback(clientid);
    expect(ipn.body).toMatchObject({ payment_status: 'expired', actually_paid: '3.32' });
    await postCallback(ipn.body, ipn.signature).expect(200);
    await postCallback(ipn.body, ipn.signature).expect(200);
    expect((await net.as(uid, '/api/checkPaymentStatus', { clientid })).body.data.status_id).toBe(3);
    expect(await epinsOf(uid)).toEqual([]);
    const late = await admin('get', `/payment-orders?filter=${encodeURIComponent(JSON.stringify({ status: 'late' }))}`);
    expect(late.body.map((o: { id: string }) => o.id)).toContain(clientid);
    const types = await t.db.owner.query<{ type: string }>(
      'select type from events where stream_id = $1 order by stream_version',
      [`payment-order-${clientid}`],
    );
    expect(types.map((e) => e.type)).toEqual(['OrderCreated', 'OrderOpened', 'OrderExpired', 'PaymentLate']);

    const resolved = await admin(
      'post',
      `/payment-orders/${clientid}/resolve`,
      { decision: 'issue', remark: 'Paid 3 minutes late, honoured' },
      'approver',
    );
    expect(resolved.status).toBe(200);
    expect(resolved.body.status).toBe('resolved');
    expect(
      (await admin('post', `/payment-orders/${clientid}/resolve`, { decision: 'issue', remark: 'again' })).status,
    ).toBe(409);
    expect(await epinsOf(uid, 'order', clientid)).toHaveLength(1);
  });

  it('a UPI order: locally drawn QR of upi://pay, paid at the double, confirmed by the status check once', async () => {
    const uid = await net.register();
    const order = await net.as(uid, '/api/genarateOrderIdPayatupi', { username: uid, amount: '1000' });
    const clientid = order.body.clientid as string;
    expect(clientid).toMatch(/^UP/);
    expect(
      (
        await net.as(uid, '/api/depositByPayatupi', {
          username: uid,
          amount: '1',
          epin_type: '',
          epin_qty: '1',
          clientid,
        })
      ).body,
    ).toEqual({ data: { message: 'Enter Epin Type !!' } });
    expect(
      (
        await net.as(uid, '/api/depositByPayatupi', {
          username: uid,
          amount: '1',
          epin_type: 'EpintypeA',
          epin_qty: '',
          clientid,
        })
      ).body,
    ).toEqual({ data: { message: 'Enter Quantity !!' } });
    // Only 299 (EpintypeB) is offered in gateway requests: EpintypeA is refused and the order stays unopened.
    expect(
      (
        await net.as(uid, '/api/depositByPayatupi', {
          username: uid,
          amount: '1000',
          epin_type: 'EpintypeA',
          epin_qty: '1',
          clientid,
        })
      ).body,
    ).toEqual({
      data: { message: 'Only 299 (EpintypeB) e-pins can be bought online or through the UPI gateway' },
    });
    expect(await t.db.owner.query('select 1 from gateway_double_orders where order_ref = $1', [clientid])).toEqual([]);
    const deposit = await net.as(uid, '/api/depositByPayatupi', {
      username: uid,
      amount: '1',
      epin_type: 'EpintypeB',
      epin_qty: '1',
      clientid,
    });
    expect(deposit.body.data.message).toBe('Success');
    expect(deposit.body.qrCodeImage).toMatch(/^data:image\/png;base64,/);
    expect(deposit.body.data.upiUrl).toBe(
      `upi://pay?pa=sahyog%40upi&pn=Sahyog+Foundation&am=299.00&tn=${clientid}&cu=INR`,
    );
    expect((await net.as(uid, '/api/checkPaymentStatus', { clientid })).body.data.status_id).toBe(0);
    await admin('post', `/payment-double/orders/${clientid}/mark-paid`);
    await admin('post', `/payment-double/orders/${clientid}/mark-paid`);
    const [a, b] = await Promise.all([
      net.as(uid, '/api/checkPaymentStatus', { clientid }),
      net.as(uid, '/api/updatePaymentStatus', { clientid, message: 'Response Received', utr: 'x' }),
    ]);
    for (const r of [a, b])
      expect(r.body.data).toMatchObject({
        message: 'Response Received',
        status_id: 1,
        data: { utr: expect.stringMatching(/^\d{12}$/) },
      });
    expect(await epinsOf(uid, 'order', clientid)).toHaveLength(1);
    const [row] = (await net.as(uid, '/api/FundRequestHistory', { action: 12 })).body[0];
    expect(row).toMatchObject({
      client_txn_id: clientid,
      ss: 'Success',
      amount: '299.00',
      epin_netamount: '299.00',
      epin_type: 'EpintypeB',
      epin_qty: 1,
    });
    expect(row.msg).toBeUndefined();
  });

  it('bad input is a 400 with a clear message and writes nothing', async () => {
    const uid = await net.register();
    await net.token(uid);
    await net.admin();
    const before = await eventCount(t.db.app);
    const r1 = await net.as(uid, '/api/FundRequestBank', {
      utrno: 'x'.repeat(31),
      bankid: bankOption,
      qty: '1',
      epintype: 'EpintypeB',
    });
    expect(r1.status).toBe(400);
    expect(r1.body.message).toBe('UTR Number must be at most 30 characters');
    expect((await net.as(uid, '/api/FundRequestBank', { utrno: { $ne: 1 } })).status).toBe(400);
    expect((await net.as(uid, '/api/FundRequestHistory', { action: '8' })).status).toBe(400);
    expect((await net.as(uid, '/api/depositByNowPayTRC', { clientid: ['a'] })).status).toBe(400);
    expect((await net.as(uid, '/api/checkPaymentStatus', { clientid: 'x', extra: 1 })).status).toBe(400);
    expect(
      (await admin('post', '/payment-options', { type: 'Cash', Bank_Name: 'x', acholdername: 'y', btcaddress: 'z' }))
        .status,
    ).toBe(400);
    // Names are stored trimmed: blank or one visible character is no name. (Tab and line breaks never get here: the edge refuses control characters, decision 0014.)
    for (const [field, value] of [
      ['Bank_Name', '   '],
      ['Bank_Name', ' x '],
      ['acholdername', '  '],
      ['acholdername', '\u00a0\u2003'],
    ]) {
      const blank = await admin('post', '/payment-options', {
        type: 'QR',
        Bank_Name: 'UPI',
        acholdername: 'Sahyog',
        btcaddress: 'sahyog@upi',
        imglink: 'https://example.org/qr.png',
        [field]: value,
      });
      expect([field, value, blank.status, blank.body.message]).toEqual([field, value, 400, `${field} is required`]);
    }
    expect(await eventCount(t.db.app)).toBe(before);
  });

  it('the payment-status job (fallback to the callback) polls an open order until final, and issues once', async () => {
    expect(OUTBOX_ROUTES.OrderOpened).toBe('payment-status');
    const uid = await net.register();
    const clientid = (await net.as(uid, '/api/genarateOrderIdPayatupi', { username: uid })).body.clientid as string;
    await net.as(uid, '/api/depositByPayatupi', { epin_type: 'EpintypeB', epin_qty: '2', clientid });
    const [opened] = await t.db.owner.query<{ position: string }>(
      "select position::text as position from events where stream_id = $1 and type = 'OrderOpened'",
      [`payment-order-${clientid}`],
    );
    const orders = createPaymentOrders(t.db.app, ledgerOn(t.db.app));
    const scheduled: Array<{ poll?: number; delay: number; jobId: string }> = [];
    const reschedule = async (data: { poll?: number }, delay: number, jobId: string) =>
      void scheduled.push({ poll: data.poll, delay, jobId });
    const job = { position: opened.position, type: 'OrderOpened', streamId: `payment-order-${clientid}` };
    expect(await pollPaymentStatus(orders, job, reschedule, timing)).toBe('still open; poll 2 scheduled');
    expect(scheduled).toEqual([{ poll: 1, delay: 1000, jobId: `payment-status-${opened.position}-1` }]);
    // Only a backstop ends a chain by its count (the order's expiry and the late watch end it normally).
    expect(await pollPaymentStatus(orders, { ...job, poll: MAX_PAYMENT_POLLS - 1 }, reschedule, timing)).toMatch(
      /^still open after 5000 polls/,
    );
    expect(scheduled).toHaveLength(1);
    await admin('post', `/payment-double/orders/${clientid}/mark-paid`);
    const results = await Promise.all([
      pollPaymentStatus(orders, { ...job, poll: 1 }, reschedule, timing),
      pollPaymentStatus(orders, { ...job, poll: 1 }, reschedule, timing),
    ]);
    expect(results.sort()).toEqual(['final: confirmed', 'final: confirmed']);
    expect(scheduled).toHaveLength(1);
    expect(await epinsOf(uid, 'order', clientid)).toHaveLength(2);
    expect(await pollPaymentStatus(orders, job, reschedule, timing)).toBe('final: confirmed');
    // An unpaid order whose window has passed expires at the next poll; polling goes on at the slower
    // late-payment pace, and stops once the watch after its expiry is over.
    const other = (await net.as(uid, '/api/genarateOrderIdNPayTRC', { username: uid })).body.clientid as string;
    await net.as(uid, '/api/depositByNowPayTRC', { epin_type: 'EpintypeB', epin_qty: '1', clientid: other });
    await t.db.owner.execute(
      "update gateway_double_orders set expires_at = now() - interval '1 second' where order_ref = $1",
      [other],
    );
    const otherJob = { position: '0', type: 'OrderOpened', streamId: `payment-order-${other}` };
    expect(await pollPaymentStatus(orders, otherJob, reschedule, timing)).toBe(
      'expired; watching for a late payment, poll 2 scheduled',
    );
    expect(scheduled[1]).toEqual({ poll: 1, delay: timing.lateEveryMs, jobId: 'payment-status-0-1' });
    const [{ expires_at: expiresAt }] = await t.db.owner.query<{ expires_at: Date }>(
      'select expires_at from payment_orders where clientid = $1',
      [other],
    );
    // The last poll of the watch is scheduled for its very end, not past it.
    const nearEnd = () => expiresAt.getTime() + timing.lateWatchMs - 1500;
    expect(await pollPaymentStatus(orders, { ...otherJob, poll: 7 }, reschedule, timing, nearEnd)).toBe(
      'expired; watching for a late payment, poll 9 scheduled',
    );
    expect(scheduled[2]).toEqual({ poll: 8, delay: 1500, jobId: 'payment-status-0-8' });
    const afterWatch = () => expiresAt.getTime() + timing.lateWatchMs + 1;
    expect(await pollPaymentStatus(orders, { ...otherJob, poll: 8 }, reschedule, timing, afterWatch)).toBe(
      'final: expired; late-payment watch over',
    );
    expect(scheduled).toHaveLength(3);
    const defaults = pollTimingOf(loadPaymentsConfig());
    expect(defaults).toEqual({ everyMs: 30_000, lateEveryMs: 600_000, lateWatchMs: LATE_PAYMENT_WATCH_SECONDS * 1000 });
    expect(LATE_PAYMENT_WATCH_SECONDS).toBe(24 * 60 * 60);
  });

  it('a crypto order whose callbacks are lost, paid after expiry: the poll records it late, issues nothing; an admin resolves it once', async () => {
    const uid = await net.register();
    const { clientid } = await openCrypto(uid, '1');
    const [opened] = await t.db.owner.query<{ position: string }>(
      "select position::text as position from events where stream_id = $1 and type = 'OrderOpened'",
      [`payment-order-${clientid}`],
    );
    const orders = createPaymentOrders(t.db.app, ledgerOn(t.db.app));
    const scheduled: Array<{ poll?: number; delay: number }> = [];
    const reschedule = async (data: { poll?: number }, delay: number) =>
      void scheduled.push({ poll: data.poll, delay });
    const job = { position: opened.position, type: 'OrderOpened', streamId: `payment-order-${clientid}` };
    // The gateway is down for a while: the job does not give up, it asks again at its pace.
    const down = createPaymentOrders(
      t.db.app,
      ledgerOn(t.db.app),
      loadPaymentsConfig({
        CRYPTO_GATEWAY_URL: 'http://127.0.0.1:9',
        CRYPTO_GATEWAY_API_KEY: 'k',
        CRYPTO_GATEWAY_IPN_SECRET: 's',
      }),
    );
    expect(await pollPaymentStatus(down, job, reschedule, timing)).toMatch(
      /^gateway did not answer \(Payment gateway unreachable: .*\); poll 2 scheduled$/,
    );
    expect(scheduled.splice(0)).toEqual([{ poll: 1, delay: timing.everyMs }]);
    // The window ends; the gateway's IPN never arrives (PUBLIC_URL is unreachable from here).
    expect((await admin('post', `/payment-double/orders/${clientid}/expire`)).body.callback).toMatch(/not delivered/);
    expect(await pollPaymentStatus(orders, job, reschedule, timing)).toBe(
      'expired; watching for a late payment, poll 2 scheduled',
    );
    // The member pays after the window; that IPN is lost too, and nobody checks the status.
    expect((await admin('post', `/payment-double/orders/${clientid}/mark-paid`)).body.callback).toMatch(
      /not delivered/,
    );
    expect(await pollPaymentStatus(orders, { ...job, poll: 1 }, reschedule, timing)).toBe('final: late');
    expect(await pollPaymentStatus(orders, { ...job, poll: 2 }, reschedule, timing)).toBe('final: late');
    expect(scheduled).toEqual([{ poll: 1, delay: timing.lateEveryMs }]);
    const events = await t.db.owner.query<{
      type: string;
      payload: { txnHash: string | null };
      metadata: { actor: unknown };
    }>('select type, payload, metadata from events where stream_id = $1 order by stream_version', [
      `payment-order-${clientid}`,
    ]);
    expect(events.map((e) => e.type)).toEqual(['OrderCreated', 'OrderOpened', 'OrderExpired', 'PaymentLate']);
    expect(events[3].metadata.actor).toEqual({ kind: 'system', id: 'payment-status-job' });
    expect(events[3].payload.txnHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await epinsOf(uid)).toEqual([]);
    const blank = await admin(
      'post',
      `/payment-orders/${clientid}/resolve`,
      { decision: 'issue', remark: '   ' },
      'approver',
    );
    expect([blank.status, blank.body.message]).toEqual([400, expect.stringMatching(/^Please Enter Remark !!/)]);
    expect(await epinsOf(uid)).toEqual([]);
    expect(
      (
        await admin(
          'post',
          `/payment-orders/${clientid}/resolve`,
          { decision: 'issue', remark: 'Paid late, honoured' },
          'approver',
        )
      ).status,
    ).toBe(200);
    expect(
      (await admin('post', `/payment-orders/${clientid}/resolve`, { decision: 'issue', remark: 'again' })).status,
    ).toBe(409);
    expect(await epinsOf(uid, 'order', clientid)).toHaveLength(1);
  });

  it('the payment sweep asks the gateway about every watched order, so a lost poll chain loses no late payment', async () => {
    const uid = await net.register();
    const clientid = (await net.as(uid, '/api/genarateOrderIdPayatupi', { username: uid })).body.clientid as string;
    expect(
      (await net.as(uid, '/api/depositByPayatupi', { epin_type: 'EpintypeB', epin_qty: '1', clientid })).body.data
        .message,
    ).toBe('Success');
    // The window ends and the member pays afterwards; no poll chain runs in this test (no worker).
    await admin('post', `/payment-double/orders/${clientid}/expire`);
    await admin('post', `/payment-double/orders/${clientid}/mark-paid`);
    const orders = createPaymentOrders(t.db.app, ledgerOn(t.db.app));
    expect(await sweepPaymentOrders(orders)).toMatch(/watched order\(s\) checked: .*\blate\b/);
    expect(await sweepPaymentOrders(orders)).not.toMatch(/\blate\b/); // a late order is no longer watched
    const events = await t.db.owner.query<{ type: string; metadata: { actor: unknown } }>(
      'select type, metadata from events where stream_id = $1 order by stream_version',
      [`payment-order-${clientid}`],
    );
    expect(events.map((e) => e.type)).toEqual(['OrderCreated', 'OrderOpened', 'PaymentLate']);
    expect(events[2].metadata.actor).toEqual({ kind: 'system', id: 'payment-sweep' });
    expect(await epinsOf(uid)).toEqual([]);
  });

  it('"Re-check with gateway": approver and superadmin ask the gateway about an open or expired order now', async () => {
    const uid = await net.register();
    const upi = async () => {
      const clientid = (await net.as(uid, '/api/genarateOrderIdPayatupi', { username: uid })).body.clientid as string;
      expect(
        (await net.as(uid, '/api/depositByPayatupi', { epin_type: 'EpintypeB', epin_qty: '1', clientid })).body.data
          .message,
      ).toBe('Success');
      return clientid;
    };
    // A late UPI payment (UPI has no callback) after the job's watch is over: the admin's re-check records it.
    const late = await upi();
    await admin('post', `/payment-double/orders/${late}/expire`);
    const expired = await admin('post', `/payment-orders/${late}/recheck`, undefined, 'approver');
    expect(expired.status).toBe(200);
    expect(expired.body).toMatchObject({ id: late, status: 'expired', gateway_state: 'expired' });
    await admin('post', `/payment-double/orders/${late}/mark-paid`);
    for (const role of ['support', 'auditor'])
      expect((await admin('post', `/payment-orders/${late}/recheck`, undefined, role)).status).toBe(403);
    expect(await epinsOf(uid)).toEqual([]);
    const recorded = await admin('post', `/payment-orders/${late}/recheck`, undefined, 'approver');
    expect(recorded.body).toMatchObject({
      id: late,
      status: 'late',
      gateway_state: 'paid-late',
      utr: expect.stringMatching(/^\d{12}$/),
    });
    const [lateEvent] = await t.db.owner.query<{ metadata: { actor: unknown } }>(
      "select metadata from events where stream_id = $1 and type = 'PaymentLate'",
      [`payment-order-${late}`],
    );
    expect(lateEvent.metadata.actor).toEqual({ kind: 'admin', id: 'approver' });
    const again = await admin('post', `/payment-orders/${late}/recheck`);
    expect([again.status, again.body.message]).toEqual([
      409,
      'Only an open or expired order can be re-checked with the gateway; this order is late',
    ]);
    expect(await epinsOf(uid)).toEqual([]);
    expect(
      (await admin('post', `/payment-orders/${late}/resolve`, { decision: 'issue', remark: 'UPI paid late, honoured' }))
        .body.status,
    ).toBe('resolved');
    expect(await epinsOf(uid, 'order', late)).toHaveLength(1);

    // An open order paid in its window: the superadmin's re-check confirms it and issues once.
    const open = await upi();
    expect((await admin('post', `/payment-orders/${open}/recheck`)).body).toMatchObject({
      status: 'open',
      gateway_state: 'waiting',
    });
    await admin('post', `/payment-double/orders/${open}/mark-paid`);
    const both = await Promise.all([
      admin('post', `/payment-orders/${open}/recheck`),
      admin('post', `/payment-orders/${open}/recheck`, undefined, 'approver'),
    ]);
    // Whichever comes second finds the order confirmed (409) or settles nothing more (200, confirmed).
    for (const r of both) expect(r.status === 409 || (r.status === 200 && r.body.status === 'confirmed')).toBe(true);
    expect(both.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(
      await t.db.owner.query("select 1 from events where stream_id = $1 and type = 'PaymentConfirmed'", [
        `payment-order-${open}`,
      ]),
    ).toHaveLength(1);
    expect(await epinsOf(uid, 'order', open)).toHaveLength(1);

    // Nothing to ask for an order never opened at the gateway, or one that does not exist.
    const created = (await net.as(uid, '/api/genarateOrderIdPayatupi', { username: uid })).body.clientid as string;
    expect((await admin('post', `/payment-orders/${created}/recheck`)).status).toBe(409);
    expect((await admin('post', '/payment-orders/UP0/recheck')).status).toBe(404);
  });

  it('every payment call is in the OpenAPI document', async () => {
    const doc = await request(server()).get('/api/docs-json').expect(200);
    const paths = Object.keys(doc.body.paths);
    for (const call of [
      'adminBankDetailsByBankid',
      'FundRequestBank',
      'FundRequestHistory',
      'genarateOrderIdNPayTRC',
      'depositByNowPayTRC',
      'genarateOrderIdPayatupi',
      'depositByPayatupi',
      'checkPaymentStatus',
      'updatePaymentStatus',
      'payments/crypto/callback',
    ]) {
      expect(paths).toContain(`/api/${call}`);
    }
  });

  it('the ledger verifies and replays with zero differences', async () => {
    const report = await verifyLedger(t.db.app, LEDGER_CHECKS);
    expect(report.problems).toEqual([]);
    const replay = await replayLedger(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(replay.tables.filter((d) => d.onlyLive + d.onlyReplayed > 0)).toEqual([]);
    expect(replay.tables.map((d) => d.table)).toEqual(
      expect.arrayContaining(['payment_options', 'epin_requests', 'payment_orders']),
    );
  });
});

describe('payments: the double delivers its signed callback to PUBLIC_URL; the CLI drives it', () => {
  let t: TestApp;
  let net: Network;
  let port: number;

  beforeAll(async () => {
    port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    t = await startTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}` });
    await t.app.listen(port, '127.0.0.1');
    await seedBasics(t.db.app);
    net = new Network(t);
  });
  afterAll(() => t.close());

  it('CLI mark-paid → the double posts its signed IPN to the API → e-pins issued once, with no status check by anyone', async () => {
    const uid = await net.register();
    const clientid = (await net.as(uid, '/api/genarateOrderIdNPayTRC', { username: uid, amount: '3.32' })).body
      .clientid as string;
    expect(
      (await net.as(uid, '/api/depositByNowPayTRC', { username: uid, epin_type: 'EpintypeB', epin_qty: '1', clientid }))
        .body.success,
    ).toBe(true);
    const double = new GatewayDouble(t.db.app, DEV_IPN_SECRET, `http://127.0.0.1:${port}/api/payments/crypto/callback`);

    expect(await runDoubleCommand(double, ['mark-paid'])).toEqual({ code: 2, output: DOUBLE_USAGE });
    expect((await runDoubleCommand(double, ['mark-paid', 'NP404'])).code).toBe(1);
    const listed = await runDoubleCommand(double, ['list']);
    expect(listed.output).toContain(`${clientid}\tcrypto\twaiting\t3.32 USDT`);

    const paid = await runDoubleCommand(double, ['mark-paid', clientid]);
    expect(paid).toEqual({ code: 0, output: `${clientid}: finished; callback 200` });
    const [order] = await t.db.owner.query<{ status: string }>(
      'select status from payment_orders where clientid = $1',
      [clientid],
    );
    expect(order.status).toBe('confirmed');
    const [confirmed] = await t.db.owner.query<{ metadata: { actor: unknown } }>(
      "select metadata from events where stream_id = $1 and type = 'PaymentConfirmed'",
      [`payment-order-${clientid}`],
    );
    expect(confirmed.metadata.actor).toEqual({ kind: 'system', id: 'crypto-gateway' });
    expect((await runDoubleCommand(double, ['mark-paid', clientid])).output).toBe(
      `${clientid}: finished; callback 200`,
    );
    const pins = await t.db.owner.query('select number from epins where source_kind = $1 and source_ref = $2', [
      'order',
      clientid,
    ]);
    expect(pins).toHaveLength(1);

    // Admin-web's button does the same.
    const second = (await net.as(uid, '/api/genarateOrderIdNPayTRC', { username: uid })).body.clientid as string;
    await net.as(uid, '/api/depositByNowPayTRC', { epin_type: 'EpintypeB', epin_qty: '2', clientid: second });
    const viaAdmin = await request(t.app.getHttpServer())
      .post(`/admin-api/payment-double/orders/${second}/mark-paid`)
      .set('Authorization', `Bearer ${await net.admin()}`);
    expect(viaAdmin.body).toMatchObject({ id: second, status: 'finished', callback: '200' });
    expect(await t.db.owner.query('select number from epins where source_ref = $1', [second])).toHaveLength(2);
    const doubleList = await request(t.app.getHttpServer())
      .get('/admin-api/payment-double/orders')
      .set('Authorization', `Bearer ${await net.admin()}`);
    expect(doubleList.headers['content-range']).toBe('payment-double/orders 0-1/2');

    const report = await verifyLedger(t.db.app, LEDGER_CHECKS);
    expect(report.problems).toEqual([]);
  });
});

describe('payments: the payment-status job through the real worker (relay → BullMQ → processor)', () => {
  let t: TestApp;
  let net: Network;

  beforeAll(async () => {
    t = await startTestAppWithWorker({
      QUEUE_PREFIX: `sahyog-payments-test-${process.pid}`,
      PAYMENT_POLL_EVERY_MS: '200',
      PAYMENT_LATE_POLL_EVERY_MS: '300',
    });
    net = new Network(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a UPI payment at the gateway is confirmed by the job alone: no callback, no status check by the member', async () => {
    const uid = await net.register();
    const clientid = (await net.as(uid, '/api/genarateOrderIdPayatupi', { username: uid })).body.clientid as string;
    await net.as(uid, '/api/depositByPayatupi', { epin_type: 'EpintypeB', epin_qty: '1', clientid });
    // Let the job poll the still-open order a few times first.
    await new Promise((resolve) => setTimeout(resolve, 700));
    const [still] = await t.db.owner.query<{ status: string }>(
      'select status from payment_orders where clientid = $1',
      [clientid],
    );
    expect(still.status).toBe('open');
    await new GatewayDouble(t.db.app, DEV_IPN_SECRET, 'http://127.0.0.1:9/unused').markPaid(clientid);
    const deadline = Date.now() + 20_000;
    let status = 'open';
    while (status === 'open' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [{ status }] = await t.db.owner.query<{ status: string }>(
        'select status from payment_orders where clientid = $1',
        [clientid],
      );
    }
    expect(status).toBe('confirmed');
    expect(await t.db.owner.query('select number from epins where source_ref = $1', [clientid])).toHaveLength(1);
    const [confirmed] = await t.db.owner.query<{ metadata: { actor: unknown } }>(
      "select metadata from events where stream_id = $1 and type = 'PaymentConfirmed'",
      [`payment-order-${clientid}`],
    );
    expect(confirmed.metadata.actor).toEqual({ kind: 'system', id: 'payment-status-job' });
  });

  const statusOf = async (clientid: string) =>
    (await t.db.owner.query<{ status: string }>('select status from payment_orders where clientid = $1', [clientid]))[0]
      .status;
  const waitForStatus = async (clientid: string, wanted: string) => {
    const deadline = Date.now() + 20_000;
    let status = await statusOf(clientid);
    while (status !== wanted && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await statusOf(clientid);
    }
    return status;
  };

  it('a UPI payment made after expiry is recorded late by the job alone (no callback, no check by anyone), issues nothing; an admin resolve issues once', async () => {
    const uid = await net.register();
    const clientid = (await net.as(uid, '/api/genarateOrderIdPayatupi', { username: uid })).body.clientid as string;
    await net.as(uid, '/api/depositByPayatupi', { epin_type: 'EpintypeB', epin_qty: '2', clientid });
    const double = new GatewayDouble(t.db.app, DEV_IPN_SECRET, 'http://127.0.0.1:9/unused');
    await double.expire(clientid);
    expect(await waitForStatus(clientid, 'expired')).toBe('expired');
    // The member's /QrCode page has stopped polling by now; the payment comes in after the window.
    await new Promise((resolve) => setTimeout(resolve, 700));
    await double.markPaid(clientid);
    expect(await waitForStatus(clientid, 'late')).toBe('late');
    const events = await t.db.owner.query<{
      type: string;
      payload: { utr: string | null };
      metadata: { actor: unknown };
    }>('select type, payload, metadata from events where stream_id = $1 order by stream_version', [
      `payment-order-${clientid}`,
    ]);
    expect(events.map((e) => e.type)).toEqual(['OrderCreated', 'OrderOpened', 'OrderExpired', 'PaymentLate']);
    for (const e of events.slice(2)) expect(e.metadata.actor).toEqual({ kind: 'system', id: 'payment-status-job' });
    expect(events[3].payload.utr).toMatch(/^\d{12}$/);
    expect(await t.db.owner.query('select number from epins where source_ref = $1', [clientid])).toEqual([]);
    // The job stops at late: its chain ends (a completed poll answered "final: late", none is left to
    // run), so nothing more can be written however long the worker runs.
    const stream = `payment-order-${clientid}`;
    const connection = new IORedis(testRedisUrl(), { maxRetriesPerRequest: null });
    const queue = new Queue<PaymentStatusJob>(QUEUE.paymentStatus, {
      connection,
      prefix: `sahyog-payments-test-${process.pid}`,
    });
    try {
      const deadline = Date.now() + 20_000;
      const chainEnded = async () =>
        (await queue.getJobs(['completed'])).some(
          (job) => job.data.streamId === stream && job.returnvalue === 'final: late',
        );
      while (!(await chainEnded()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await chainEnded()).toBe(true);
      expect(
        (await queue.getJobs(['waiting', 'delayed', 'active', 'prioritized'])).filter(
          (job) => job.data.streamId === stream,
        ),
      ).toEqual([]);
    } finally {
      await queue.close();
      await connection.quit();
    }
    expect(await t.db.owner.query('select 1 from events where stream_id = $1', [stream])).toHaveLength(4);

    const bearer = (
      await request(t.app.getHttpServer())
        .post('/admin-api/auth/login')
        .send({ username: 'approver', password: 'Admin@123' })
        .expect(200)
    ).body.token;
    const resolve = () =>
      request(t.app.getHttpServer())
        .post(`/admin-api/payment-orders/${clientid}/resolve`)
        .set('Authorization', `Bearer ${bearer}`)
        .send({ decision: 'issue', remark: 'UPI paid after 20 minutes, honoured' });
    const first = await resolve();
    expect([first.status, first.body.status]).toEqual([200, 'resolved']);
    expect((await resolve()).status).toBe(409);
    expect(
      await t.db.owner.query('select number from epins where source_kind = $1 and source_ref = $2', [
        'order',
        clientid,
      ]),
    ).toHaveLength(2);
    expect((await verifyLedger(t.db.app, LEDGER_CHECKS)).problems).toEqual([]);
  });
});
