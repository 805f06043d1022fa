import { DomainError } from '../../../../platform/errors';
import { EpinType, EPIN_TYPES } from '../../../epins';
import { PAY_MSG } from '../../domain/payment.messages';
import { MAX_REQUEST_QTY } from '../../domain/pricing';

/** FundRequestBank's fields, as sent. */
export interface BankRequestInput {
  utrno?: string;
  amount?: string;
  bankid?: string;
  qty?: string;
  epintype?: string;
  usertype?: string;
}

/** FundRequestBank's field limits, checked after the spec's ordered "required" checks (400 with the field's name). */
export const BANK_REQUEST_MAX_LENGTHS: ReadonlyArray<[keyof BankRequestInput, string, number]> = [
  ['bankid', 'bankid', 40],
  ['utrno', 'UTR Number', 30],
  ['qty', 'Quantity', 5],
  ['epintype', 'Epin Type', 20],
  ['amount', 'amount', 10],
  ['usertype', 'usertype', 30],
];

const UTR = /^[A-Za-z0-9]{6,30}$/;

export interface BankRequestFields {
  bankid: string;
  utrno: string;
  qty: number;
  epinType: EpinType;
  usertype: string;
  clientAmount: string;
}

/** The spec's checks in its order: a refusal answers the contract's text; an over-long field is a 400. */
export function readBankRequest(
  input: BankRequestInput,
): { ok: false; message: string } | { ok: true; fields: BankRequestFields } {
  const bankid = (input.bankid ?? '').trim();
  const utrno = (input.utrno ?? '').trim();
  const qtyText = (input.qty ?? '').trim();
  const epintype = (input.epintype ?? '').trim();
  if (!bankid) return { ok: false, message: PAY_MSG.selectPaymentType };
  if (!utrno) return { ok: false, message: PAY_MSG.utrRequired };
  if (!qtyText) return { ok: false, message: PAY_MSG.enterQty };
  if (!epintype) return { ok: false, message: PAY_MSG.enterEpinType };
  for (const [field, name, max] of BANK_REQUEST_MAX_LENGTHS) {
    if ((input[field] ?? '').trim().length > max)
      throw new DomainError('PAYMENT.FIELD_TOO_LONG', `${name} must be at most ${max} characters`, 'invalid');
  }
  if (!UTR.test(utrno)) return { ok: false, message: PAY_MSG.badUtr };
  if (!/^\d{1,5}$/.test(qtyText) || Number(qtyText) < 1 || Number(qtyText) > MAX_REQUEST_QTY)
    return { ok: false, message: PAY_MSG.badQty };
  if (!EPIN_TYPES.includes(epintype as EpinType)) return { ok: false, message: PAY_MSG.enterEpinType };
  const fields = {
    bankid,
    utrno,
    qty: Number(qtyText),
    epinType: epintype as EpinType,
    usertype: (input.usertype ?? '').trim().slice(0, 30),
    clientAmount: (input.amount ?? '').trim().slice(0, 20),
  };
  return { ok: true, fields };
}
