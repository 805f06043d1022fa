import { PAY_MSG } from '../../domain/payment.messages';
import { readDeposit } from './open-order.dto';

describe('OpenOrder: the deposit checks, in the contract order', () => {
  it('refuses a missing or unknown type, then a bad quantity, then any type but EpintypeB', () => {
    expect(readDeposit({ epin_qty: '1' })).toEqual({ ok: false, message: PAY_MSG.enterEpinType });
    expect(readDeposit({ epin_type: '299', epin_qty: '1' })).toEqual({ ok: false, message: PAY_MSG.enterEpinType });
    expect(readDeposit({ epin_type: 'EpintypeB', epin_qty: '0' })).toEqual({ ok: false, message: PAY_MSG.enterQty });
    expect(readDeposit({ epin_type: 'EpintypeB', epin_qty: '1.5' })).toEqual({ ok: false, message: PAY_MSG.enterQty });
    expect(readDeposit({ epin_type: 'EpintypeB', epin_qty: '501' })).toEqual({ ok: false, message: PAY_MSG.badQty });
    expect(readDeposit({ epin_type: 'EpintypeA', epin_qty: '1' })).toEqual({
      ok: false,
      message: PAY_MSG.onlyEpintypeB,
    });
  });

  it('reads a good deposit, trimmed', () => {
    expect(readDeposit({ epin_type: ' EpintypeB ', epin_qty: ' 3 ', clientid: ' NP1 ', amount: '999' })).toEqual({
      ok: true,
      epinType: 'EpintypeB',
      qty: 3,
      clientid: 'NP1',
    });
  });
});
