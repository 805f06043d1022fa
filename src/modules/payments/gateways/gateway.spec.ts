import { createHmac } from 'node:crypto';
import { ipnSignatureValid, mapNowPaymentsStatus, signIpn, sortedJson } from './gateway';

describe('NowPayments-style IPN signatures', () => {
  it('signs HMAC-SHA512 over the JSON with keys sorted at every depth', () => {
    const body = { order_id: 'NP1', payment_status: 'finished', fee: { b: 2, a: 1 } };
    expect(sortedJson(body)).toBe('{"fee":{"a":1,"b":2},"order_id":"NP1","payment_status":"finished"}');
    expect(signIpn('secret', body)).toBe(createHmac('sha512', 'secret').update(sortedJson(body)).digest('hex'));
    expect(signIpn('secret', { payment_status: 'finished', order_id: 'NP1', fee: { a: 1, b: 2 } })).toBe(
      signIpn('secret', body),
    );
  });

  it('accepts only the right signature of the same body', () => {
    const body = { order_id: 'NP1', payment_status: 'finished' };
    const sig = signIpn('secret', body);
    expect(ipnSignatureValid('secret', body, sig)).toBe(true);
    expect(ipnSignatureValid('secret', body, sig.toUpperCase())).toBe(true);
    expect(ipnSignatureValid('other', body, sig)).toBe(false);
    expect(ipnSignatureValid('secret', { ...body, order_id: 'NP2' }, sig)).toBe(false);
    expect(ipnSignatureValid('secret', body, sig.slice(2))).toBe(false);
    expect(ipnSignatureValid('secret', body, undefined)).toBe(false);
    expect(ipnSignatureValid('secret', body, ['x'])).toBe(false);
  });

  it('maps payment statuses: finished is paid, expired with a payment is late, the rest waits', () => {
    expect(
      mapNowPaymentsStatus({ payment_status: 'finished', payin_hash: '0xab', paid_at: '2026-11-22T10:00:00.000Z' }),
    ).toEqual({ state: 'paid', paidAt: new Date('2026-11-22T10:00:00.000Z'), txnHash: '0xab', utr: null });
    expect(
      mapNowPaymentsStatus({ payment_status: 'expired', actually_paid: '3.32', paid_at: '2026-11-22T10:30:00.000Z' })
        .state,
    ).toBe('paid-late');
    expect(mapNowPaymentsStatus({ payment_status: 'expired', actually_paid: '0' }).state).toBe('expired');
    expect(mapNowPaymentsStatus({ payment_status: 'partially_paid' }).state).toBe('waiting');
    expect(mapNowPaymentsStatus({}).state).toBe('waiting');
  });
});
