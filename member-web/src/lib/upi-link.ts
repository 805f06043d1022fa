/**
 * The UPI intent link a phone's UPI apps open (NPCI's deep link): `upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…`.
 * pa is the payee's UPI ID, pn the payee's name, am the amount in rupees (two decimals), tn the note
 * (the order id, so the payment can be matched). Values are percent-encoded, except the `@` of the
 * UPI ID, which UPI apps read as it is.
 */
export interface UpiIntent {
  payeeUpiId: string;
  payeeName: string;
  /** Rupees as text ('299', '598.00'). */
  amount: string;
  note: string;
}

const encode = (value: string) => encodeURIComponent(value).replace(/%40/g, '@');

/** Two decimals, as UPI apps expect (`am=299.00`); an unreadable amount is left out, so the app asks for it. */
function upiAmount(rupees: string): string | null {
  const trimmed = rupees.replace(/,/g, '').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

export function upiPayLink(intent: UpiIntent): string {
  const am = upiAmount(intent.amount);
  const parts = [
    `pa=${encode(intent.payeeUpiId)}`,
    `pn=${encode(intent.payeeName)}`,
    ...(am ? [`am=${am}`] : []),
    'cu=INR',
    `tn=${encode(intent.note)}`,
  ];
  return `upi://pay?${parts.join('&')}`;
}
