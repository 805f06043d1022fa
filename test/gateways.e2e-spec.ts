import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { signIpn } from '../src/modules/payments/gateways/gateway';
import { Network } from './support/network';
import { seedBasics } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

/**
 * The real gateway adapters (src/modules/payments/gateways/http-gateways.ts) against local HTTP
 * servers on 127.0.0.1 that speak the providers' protocols — NowPayments (`POST /v1/payment`,
 * `GET /v1/payment/:id`, `x-api-key`) and a UPIGateway-style UPI collector (`POST /create_order`,
 * `POST /check_order_status`, key in the body) — driven through the member API, as production
 * would run them. The local double is not involved: its table stays empty.
 */

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | null;
}

/** A scripted outside service: records every request and answers with what the test put in `reply`. */
class FakeGateway {
  readonly seen: Seen[] = [];
  private server: Server | undefined;
  reply: (seen: Seen) => { status: number; body: unknown } = () => ({ status: 404, body: { message: 'not scripted' } });

  async start(): Promise<string> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const seen: Seen = {
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
        };
        this.seen.push(seen);
        const { status, body } = this.reply(seen);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  calls(path: string): Seen[] {
    return this.seen.filter((s) => s.path === path);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const IPN_SECRET = 'ipn-secret-of-the-test-gateway';
const API_KEY = 'nowpayments-api-key';
const UPI_KEY = 'upi-gateway-key';

describe('payment gateways: the real HTTP adapters against local servers speaking their protocols', () => {
  const nowPayments = new FakeGateway();
  const upi = new FakeGateway();
  let t: TestApp;
  let net: Network;
  const server = () => t.app.getHttpServer();
  const orderOf = async (clientid: string) =>
    (
      await t.db.owner.query<{
        status: string;
        gateway_ref: string | null;
        pay_address: string | null;
        utr: string | null;
        txn_hash: string | null;
      }>('select status, gateway_ref, pay_address, utr, txn_hash from payment_orders where clientid = $1', [clientid])
    )[0];
  const eventsOf = async (clientid: string) =>
    await t.db.owner.query<{ type: string; payload: Record<string, unknown> }>(
      'select type, payload from events where stream_id = $1 order by stream_version',
      [`payment-order-${clientid}`],
    );
  const epinsOf = async (clientid: string) =>
    (await t.db.owner.query("select number from epins where source_kind = 'order' and source_ref = $1", [clientid]))
      .length;
  const check = async (uid: string, clientid: string) =>
    (await net.as(uid, '/api/checkPaymentStatus', { clientid })).body.data as {
      message: string;
      status_id: number;
      data: { utr: string };
    };

  /** The NowPayments payment the fake holds, by payment id; GET /v1/payment/:id answers it. */
  const payments = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    const cryptoUrl = await nowPayments.start();
    const upiUrl = await upi.start();
    nowPayments.reply = ({ method, path, headers, body }) => {
      if (headers['x-api-key'] !== API_KEY) return { status: 403, body: { message: 'Invalid api key' } };
      if (method === 'POST' && path === '/v1/payment' && body) {
        const id = String(5_000_000_000 + payments.size);
        const payment = {
          payment_id: Number(id),
          payment_status: 'waiting',
          pay_address: `0x${id.padStart(40, 'a')}`,
          pay_amount: Number(body.price_amount),
          pay_currency: 'usdtbsc',
          order_id: body.order_id,
          actually_paid: 0,
        };
        payments.set(id, payment);
        return { status: 201, body: payment };
      }
      const m = /^\/v1\/payment\/(\d+)$/.exec(path);
      if (method === 'GET' && m && payments.has(m[1])) return { status: 200, body: payments.get(m[1]) };
      return { status: 404, body: { message: 'not found' } };
    };
    t = await startTestApp({
      CRYPTO_GATEWAY_URL: `${cryptoUrl}/`,
      CRYPTO_GATEWAY_API_KEY: API_KEY,
      CRYPTO_GATEWAY_IPN_SECRET: IPN_SECRET,
      UPI_GATEWAY_URL: upiUrl,
      UPI_GATEWAY_KEY: UPI_KEY,
    });
    await seedBasics(t.db.app);
    net = new Network(t);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([nowPayments.stop(), upi.stop()]);
  });
  afterEach(async () => {
    expect(await t.db.owner.query('select 1 from gateway_double_orders')).toEqual([]);
  });

  const openCrypto = async (uid: string) => {
    const clientid = (await net.as(uid, '/api/genarateOrderIdNPayTRC', { username: uid })).body.clientid as string;
    const deposit = await net.as(uid, '/api/depositByNowPayTRC', { epin_type: 'EpintypeB', epin_qty: '2', clientid });
    expect(deposit.body).toMatchObject({ success: true, amount: '6.64', clientid });
    const order = await orderOf(clientid);
    return { clientid, paymentId: order.gateway_ref!, address: deposit.body.data as string };
  };

  it('NowPayments: creates the payment with the API key and callback URL, parses waiting → finished from the status call, issues once', async () => {
    const uid = await net.register();
    const { clientid, paymentId, address } = await openCrypto(uid);
    const [created] = nowPayments.calls('/v1/payment');
    expect(created.headers['x-api-key']).toBe(API_KEY);
    expect(created.body).toEqual({
      price_amount: '6.64',
      price_currency: 'usdtbsc',
      pay_currency: 'usdtbsc',
      order_id: clientid,
      order_description: `2 x EpintypeB e-pins for ${uid}`,
      ipn_callback_url: 'http://sahyog.test/api/payments/crypto/callback',
    });
    expect(paymentId).toBe(String(payments.get(paymentId)!.payment_id));
    expect(address).toBe(payments.get(paymentId)!.pay_address);

    expect(await check(uid, clientid)).toEqual({ message: 'Payment Pending', status_id: 0, data: { utr: '' } });
    const statusCall = nowPayments.seen.at(-1)!;
    expect([statusCall.method, statusCall.path, statusCall.headers['x-api-key']]).toEqual([
      'GET',
      `/v1/payment/${paymentId}`,
      API_KEY,
    ]);
    // Seen on chain but not final yet: still pending, nothing issued.
    Object.assign(payments.get(paymentId)!, { payment_status: 'confirming', actually_paid: 6.64 });
    expect((await check(uid, clientid)).status_id).toBe(0);
    expect(await epinsOf(clientid)).toBe(0);

    const hash = `0x${'ab'.repeat(32)}`;
    const paidAt = new Date(Date.now() - 60_000).toISOString();
    Object.assign(payments.get(paymentId)!, { payment_status: 'finished', payin_hash: hash, updated_at: paidAt });
    expect(await check(uid, clientid)).toEqual({ message: 'Response Received', status_id: 1, data: { utr: hash } });
    expect(await check(uid, clientid)).toMatchObject({ status_id: 1 });
    expect(await epinsOf(clientid)).toBe(2);
    const events = await eventsOf(clientid);
    expect(events.map((e) => e.type)).toEqual(['OrderCreated', 'OrderOpened', 'PaymentConfirmed']);
    expect(events[2].payload).toMatchObject({ paidAt, txnHash: hash, utr: null });
  });

  it("NowPayments IPN: the configured secret's signature is accepted and makes the server ask the gateway; a bad one is 401 and asks nothing", async () => {
    const uid = await net.register();
    const { clientid, paymentId } = await openCrypto(uid);
    const ipn = {
      payment_id: Number(paymentId),
      payment_status: 'finished',
      order_id: clientid,
      actually_paid: 6.64,
      pay_currency: 'usdtbsc',
    };
    const post = (signature: string) =>
      request(server()).post('/api/payments/crypto/callback').set('x-nowpayments-sig', signature).send(ipn);

    const asked = () => nowPayments.calls(`/v1/payment/${paymentId}`).length;
    const before = asked();
    for (const forged of [
      signIpn('another-secret', ipn),
      signIpn(IPN_SECRET, { ...ipn, order_id: 'NP0' }),
      'x'.repeat(128),
    ]) {
      expect((await post(forged)).status).toBe(401);
    }
    expect(asked()).toBe(before);

    // The gateway itself still says waiting: a correctly signed "finished" claim issues nothing.
    expect((await post(signIpn(IPN_SECRET, ipn))).body).toEqual({ ok: true, status: 'open' });
    expect(asked()).toBe(before + 1);
    expect(await epinsOf(clientid)).toBe(0);

    Object.assign(payments.get(paymentId)!, {
      payment_status: 'finished',
      payin_hash: `0x${'cd'.repeat(32)}`,
      updated_at: new Date().toISOString(),
    });
    const answers = await Promise.all([post(signIpn(IPN_SECRET, ipn)), post(signIpn(IPN_SECRET, ipn))]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(answers.map((r) => r.body.status)).toEqual(['confirmed', 'confirmed']);
    expect(await epinsOf(clientid)).toBe(2);
    expect((await eventsOf(clientid)).filter((e) => e.type === 'PaymentConfirmed')).toHaveLength(1);
  });

  it('NowPayments: expired with money received is a late payment (no e-pins); expired with none expires the order', async () => {
    const uid = await net.register();
    const late = await openCrypto(uid);
    Object.assign(payments.get(late.paymentId)!, {
      payment_status: 'expired',
      actually_paid: 6.64,
      payin_hash: `0x${'ef'.repeat(32)}`,
      updated_at: new Date().toISOString(),
    });
    expect(await check(uid, late.clientid)).toMatchObject({ status_id: 3 });
    expect(await epinsOf(late.clientid)).toBe(0);
    expect((await eventsOf(late.clientid)).map((e) => e.type)).toEqual(['OrderCreated', 'OrderOpened', 'PaymentLate']);

    const unpaid = await openCrypto(uid);
    Object.assign(payments.get(unpaid.paymentId)!, { payment_status: 'expired', actually_paid: 0 });
    expect(await check(uid, unpaid.clientid)).toMatchObject({ message: 'Payment Expired', status_id: 2 });
    expect((await eventsOf(unpaid.clientid)).map((e) => e.type)).toEqual([
      'OrderCreated',
      'OrderOpened',
      'OrderExpired',
    ]);
  });

  it('a gateway that refuses, answers without JSON or without a pay address: a clear answer, the order stays unopened, no 500', async () => {
    const uid = await net.register();
    const scripted = nowPayments.reply;
    const answers: Array<{ status: number; body: unknown }> = [
      { status: 500, body: { message: 'internal' } },
      { status: 200, body: '<html>maintenance</html>' },
      { status: 201, body: { payment_id: 1, payment_status: 'waiting' } },
    ];
    try {
      for (const answer of answers) {
        nowPayments.reply = () => answer;
        const clientid = (await net.as(uid, '/api/genarateOrderIdNPayTRC', { username: uid })).body.clientid as string;
        const res = await net.as(uid, '/api/depositByNowPayTRC', { epin_type: 'EpintypeB', epin_qty: '1', clientid });
        expect(res.status).toBe(422);
        expect(res.body.message).toMatch(
          /^Payment gateway (refused the order \(500\)|answered 200 without JSON|gave no pay address)$/,
        );
        expect((await orderOf(clientid)).status).toBe('created');
        expect((await eventsOf(clientid)).map((e) => e.type)).toEqual(['OrderCreated']);
      }
    } finally {
      nowPayments.reply = scripted;
    }
  });

  describe('the UPI gateway', () => {
    /** check_order_status answers, by client_txn_id. */
    const upiStatus = new Map<string, Record<string, unknown>>();

    beforeAll(() => {
      upi.reply = ({ method, path, body }) => {
        if (method !== 'POST' || !body || body.key !== UPI_KEY)
          return { status: 200, body: { status: false, msg: 'Invalid key' } };
        if (path === '/create_order') {
          upiStatus.set(String(body.client_txn_id), { status: 'created' });
          return {
            status: 200,
            body: {
              status: true,
              msg: 'Order Created',
              data: { order_id: 700000 + upiStatus.size, payment_url: 'https://upi.test/pay' },
            },
          };
        }
        if (path === '/check_order_status') {
          const data = upiStatus.get(String(body.client_txn_id));
          return data
            ? { status: 200, body: { status: true, msg: 'Transaction found', data } }
            : { status: 200, body: { status: false, msg: 'Record not found' } };
        }
        return { status: 404, body: { status: false, msg: 'no such call' } };
      };
    });

    const openUpi = async (uid: string) => {
      const clientid = (await net.as(uid, '/api/genarateOrderIdPayatupi', { username: uid })).body.clientid as string;
      const deposit = await net.as(uid, '/api/depositByPayatupi', { epin_type: 'EpintypeB', epin_qty: '1', clientid });
      expect(deposit.body.data).toEqual({
        message: 'Success',
        upiUrl: `upi://pay?pa=sahyog%40upi&pn=Sahyog+Foundation&am=299.00&tn=${clientid}&cu=INR`,
      });
      return clientid;
    };
    /** The order's window ends now, here (as if 20 minutes had passed): the next check comes after it. */
    const windowOver = async (clientid: string) =>
      void (await t.db.owner.query(
        "update payment_orders set expires_at = now() - interval '1 minute' where clientid = $1",
        [clientid],
      ));

    it('creates the order with its key, draws the QR locally, parses created → success (UTR, txnAt) and failure', async () => {
      const uid = await net.register();
      const clientid = await openUpi(uid);
      const created = upi.calls('/create_order').at(-1)!;
      expect(created.body).toEqual({
        key: UPI_KEY,
        client_txn_id: clientid,
        amount: '299.00',
        p_info: `1 x EpintypeB e-pins for ${uid}`,
      });
      const order = await orderOf(clientid);
      expect(order).toMatchObject({
        status: 'open',
        gateway_ref: String(700000 + upiStatus.size),
        pay_address: 'sahyog@upi',
      });

      expect(await check(uid, clientid)).toMatchObject({ message: 'Payment Pending', status_id: 0 });
      expect(upi.calls('/check_order_status').at(-1)!.body).toEqual({ key: UPI_KEY, client_txn_id: clientid });
      upiStatus.set(clientid, { status: 'scanning' });
      expect((await check(uid, clientid)).status_id).toBe(0);
      const txnAt = new Date(Date.now() - 30_000).toISOString();
      upiStatus.set(clientid, { status: 'success', upi_txn_id: '412345678901', txnAt });
      expect(await check(uid, clientid)).toEqual({
        message: 'Response Received',
        status_id: 1,
        data: { utr: '412345678901' },
      });
      expect(await epinsOf(clientid)).toBe(1);
      expect((await eventsOf(clientid))[2]).toMatchObject({
        type: 'PaymentConfirmed',
        payload: { paidAt: txnAt, utr: '412345678901', txnHash: null },
      });

      const failed = await openUpi(uid);
      upiStatus.set(failed, { status: 'failure' });
      expect(await check(uid, failed)).toMatchObject({ message: 'Payment Expired', status_id: 2 });
      expect(await epinsOf(failed)).toBe(0);
    });

    it('a success without txnAt is paid at the time of the check: confirmed inside the window, recorded late (no e-pins) after it', async () => {
      const uid = await net.register();
      const inWindow = await openUpi(uid);
      upiStatus.set(inWindow, { status: 'success', upi_txn_id: '512345678901' });
      const before = Date.now();
      expect((await check(uid, inWindow)).status_id).toBe(1);
      const [, , confirmed] = await eventsOf(inWindow);
      expect(confirmed.type).toBe('PaymentConfirmed');
      expect(Date.parse(String(confirmed.payload.paidAt))).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(String(confirmed.payload.paidAt))).toBeLessThanOrEqual(Date.now());
      expect(await epinsOf(inWindow)).toBe(1);

      // After the window, a success with no time of payment — missing, or a bare date that would read
      // as this morning's midnight — cannot prove the payment was on time: late, for an admin.
      for (const txnAt of [undefined, new Date().toISOString().slice(0, 10), 'yesterday']) {
        const afterWindow = await openUpi(uid);
        await windowOver(afterWindow);
        upiStatus.set(afterWindow, {
          status: 'success',
          upi_txn_id: '612345678901',
          ...(txnAt === undefined ? {} : { txnAt }),
        });
        expect(await check(uid, afterWindow)).toMatchObject({ status_id: 3, data: { utr: '612345678901' } });
        expect(await epinsOf(afterWindow)).toBe(0);
        expect((await eventsOf(afterWindow)).map((e) => e.type)).toEqual([
          'OrderCreated',
          'OrderOpened',
          'PaymentLate',
        ]);
      }
    });

    it('a gateway refusal of the order is a clear answer and opens nothing', async () => {
      const uid = await net.register();
      const scripted = upi.reply;
      upi.reply = () => ({ status: 200, body: { status: false, msg: 'Merchant inactive' } });
      try {
        const clientid = (await net.as(uid, '/api/genarateOrderIdPayatupi', { username: uid })).body.clientid as string;
        const res = await net.as(uid, '/api/depositByPayatupi', { epin_type: 'EpintypeB', epin_qty: '1', clientid });
        expect([res.status, res.body.message]).toEqual([422, 'Merchant inactive']);
        expect((await orderOf(clientid)).status).toBe('created');
      } finally {
        upi.reply = scripted;
      }
    });
  });
});
