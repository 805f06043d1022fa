import { EpinType, EPIN_TYPES } from '../../../epins';
import { PAY_MSG } from '../../domain/payment.messages';
import { GATEWAY_EPIN_TYPE, MAX_REQUEST_QTY } from '../../domain/pricing';

/** depositByNowPayTRC / depositByPayatupi: the member's fields, as sent. */
export interface DepositInput {
  amount?: string;
  epin_type?: string;
  epin_qty?: string;
  clientid?: string;
}

/** The contract's checks of a deposit, in its order: the e-pin type, the quantity, then the one type offered. */
export function readDeposit(
  input: DepositInput,
): { ok: false; message: string } | { ok: true; epinType: EpinType; qty: number; clientid: string } {
  const epinType = (input.epin_type ?? '').trim();
  const qtyText = (input.epin_qty ?? '').trim();
  if (!epinType || !EPIN_TYPES.includes(epinType as EpinType)) return { ok: false, message: PAY_MSG.enterEpinType };
  if (!/^\d{1,5}$/.test(qtyText) || Number(qtyText) < 1) return { ok: false, message: PAY_MSG.enterQty };
  if (Number(qtyText) > MAX_REQUEST_QTY) return { ok: false, message: PAY_MSG.badQty };
  if (epinType !== GATEWAY_EPIN_TYPE) return { ok: false, message: PAY_MSG.onlyEpintypeB };
  return { ok: true, epinType: epinType as EpinType, qty: Number(qtyText), clientid: (input.clientid ?? '').trim() };
}
