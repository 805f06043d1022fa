import { assertInvariant } from '../../../platform/errors';
import { formatRupees } from '../../../platform/money';
import { EpinType } from '../../epins';
import { Settings } from '../../settings';

/** The server's own price of an e-pin purchase (never the client's). All paise. */
export interface Quote {
  epinType: EpinType;
  qty: number;
  amountPaise: string;
  discountRateBp: number;
  discountPaise: string;
  netPaise: string;
}

/** The only e-pin type offered in online (USDT) and gateway (UPI) requests (spec: "only 299 is offered"). */
export const GATEWAY_EPIN_TYPE = 'EpintypeB';

export const MAX_REQUEST_QTY = 500;

/** amount = price × q; discount by the highest tier whose minQty ≤ q (floor); net = amount − discount. */
export function quote(settings: Settings, epinType: EpinType, qty: number): Quote {
  const amount = BigInt(settings.epinPricesPaise[epinType]) * BigInt(qty);
  let rateBp = 0;
  let best = 0;
  for (const tier of settings.epinDiscountTiers) {
    if (tier.minQty <= qty && tier.minQty >= best) {
      best = tier.minQty;
      rateBp = tier.rateBp;
    }
  }
  const discount = (amount * BigInt(rateBp)) / 10000n;
  return {
    epinType,
    qty,
    amountPaise: amount.toString(),
    discountRateBp: rateBp,
    discountPaise: discount.toString(),
    netPaise: (amount - discount).toString(),
  };
}

/** What the gateway is asked to collect for a quote: USDT at the rate setting, or rupees. */
export function payAmountOf(kind: 'crypto' | 'upi', price: Quote, settings: Settings): string {
  const net = BigInt(price.netPaise);
  return kind === 'crypto' ? twoDecimals(usdtCents(net, ratePaise(settings.usdtRateInr))) : formatRupees(net);
}

/** The price of one e-pin in a quote (its gross amount is price × quantity), for the e-pins it pays for. */
export function epinValueOf(quote: { amountPaise: string | null; qty: number | null }): string {
  const amount = BigInt(quote.amountPaise ?? '0');
  const qty = BigInt(quote.qty ?? 0);
  assertInvariant(
    qty > 0n && amount > 0n && amount % qty === 0n,
    `a quote of ${amount} paise for ${qty} e-pins has no whole price per e-pin`,
  );
  return (amount / qty).toString();
}

/** Rupees-per-USDT text ("90", "88.50") → paise per USDT. */
export function ratePaise(usdtRateInr: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(usdtRateInr);
  if (!m) throw new Error(`bad usdt rate ${usdtRateInr}`);
  return BigInt(m[1]) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

/** Net INR paise → USDT cents (2 decimals, half up). */
export function usdtCents(netPaise: bigint, rate: bigint): bigint {
  return (netPaise * 100n * 2n + rate) / (2n * rate);
}

/** Cents / paise → "12.34". */
export function twoDecimals(minor: bigint): string {
  const neg = minor < 0n;
  const a = neg ? -minor : minor;
  return `${neg ? '-' : ''}${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`;
}

/** Basis points → percent text "2.50". */
export const percentText = (bp: number): string => twoDecimals(BigInt(bp));
