import { DomainError } from '../../../../platform/errors';
import { PAY_MSG } from '../../domain/payment.messages';
import { readBankRequest } from './submit-bank-request.dto';

const good = { bankid: 'PO1', utrno: 'UTR123456', qty: '2', epintype: 'EpintypeA', amount: '2000', usertype: 'member' };

describe("SubmitBankRequest: the spec's checks in its order", () => {
  it('answers the first missing field, then the format checks', () => {
    expect(readBankRequest({ ...good, bankid: ' ' })).toEqual({ ok: false, message: PAY_MSG.selectPaymentType });
    expect(readBankRequest({ ...good, bankid: '', utrno: '' })).toEqual({
      ok: false,
      message: PAY_MSG.selectPaymentType,
    });
    expect(readBankRequest({ ...good, utrno: '' })).toEqual({ ok: false, message: PAY_MSG.utrRequired });
    expect(readBankRequest({ ...good, qty: '' })).toEqual({ ok: false, message: PAY_MSG.enterQty });
    expect(readBankRequest({ ...good, epintype: '' })).toEqual({ ok: false, message: PAY_MSG.enterEpinType });
    expect(readBankRequest({ ...good, utrno: 'AB-123456' })).toEqual({ ok: false, message: PAY_MSG.badUtr });
    expect(readBankRequest({ ...good, qty: '501' })).toEqual({ ok: false, message: PAY_MSG.badQty });
    expect(readBankRequest({ ...good, epintype: 'Gold' })).toEqual({ ok: false, message: PAY_MSG.enterEpinType });
  });

  it('an over-long field is a 400 with its name, checked after the required fields', () => {
    expect(() => readBankRequest({ ...good, utrno: 'A'.repeat(31) })).toThrow(DomainError);
    expect(() => readBankRequest({ ...good, utrno: 'A'.repeat(31) })).toThrow(
      'UTR Number must be at most 30 characters',
    );
    expect(readBankRequest({ ...good, qty: '', utrno: 'A'.repeat(31) })).toEqual({
      ok: false,
      message: PAY_MSG.enterQty,
    });
  });

  it('reads a good request; the client amount is a hint, cut to 20', () => {
    expect(readBankRequest({ ...good, amount: '9'.repeat(10) })).toEqual({
      ok: true,
      fields: {
        bankid: 'PO1',
        utrno: 'UTR123456',
        qty: 2,
        epinType: 'EpintypeA',
        usertype: 'member',
        clientAmount: '9999999999',
      },
    });
  });
});
