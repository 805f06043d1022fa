import { apiClient, resultText } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import { rowsOf, text } from '../../../lib/use-rows';
import { parseInstant } from '../../../lib/server-clock';

/** E-pin types (spec §3): EpintypeA is shown as 1000, EpintypeB as 299. */
export type EpinType = 'EpintypeA' | 'EpintypeB';

export function epinTypeShown(epintype: string): string {
  return epintype === 'EpintypeB' ? '299' : '1000';
}

/** The member contract's texts (spec §5, §8). */
export const PAY_TEXT = {
  selectPaymentType: 'Please Select Payment Type',
  utrRequired: 'UTR Number is required',
  enterQty: 'Enter Quantity !!',
  enterEpinType: 'Enter Epin Type !!',
  bankSuccess: 'success',
  bankSubmitted: 'Epin Request Submitted Successfully',
  orderSuccess: 'success',
  depositSuccess: 'Success',
  received: 'Response Received',
  timeOver: 'Time is over. Please Try Again !!',
  paymentReceived: 'Payment Received Successfully !!',
  failed: 'Request failed, please try again',
} as const;

/** Spec §9: the payable window of a gateway order, and the QR page's status poll. */
export const PAYMENT_WINDOW_SECONDS = 1200;
export const STATUS_POLL_MS = 3000;
/** Spec §9: USDT rate shown on the form (the server prices the order with its own setting). */
export const USDT_RATE_INR = 90;

/** The block-explorer transaction page of a BEP-20 (BSC) transfer. */
export const EXPLORER_TX_URL = 'https://bscscan.com/tx/';

export function explorerTxLink(hash: string): string {
  return `${EXPLORER_TX_URL}${encodeURIComponent(hash.trim())}`;
}

/* ----------------------------- money text ----------------------------- */

/** '1,234.50' / '299' / '299.5' → paise; anything else → null. */
export function rupeesToPaise(value: string): number | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.replace(/,/g, '').trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Net INR → USDT at 90 INR per USDT, two decimals (half up), as text; '' when the INR text is unreadable. */
export function usdtFromInr(inr: string, rate = USDT_RATE_INR): string {
  const paise = rupeesToPaise(inr);
  if (paise === null) return '';
  const cents = Math.floor((paise * 2 + rate) / (2 * rate));
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/* ----------------------------- options and quote ----------------------------- */

export interface PaymentOption {
  id: string;
  bankName: string;
  /** 'Bank' or 'QR'. */
  type: string;
  holder: string;
  /** Account number (Bank) or UPI id (QR). */
  address: string;
  ifsc: string;
  branch: string;
  imglink: string;
}

function toOption(r: Record<string, unknown>): PaymentOption {
  return {
    id: text(r, 'id'),
    bankName: text(r, 'Bank_Name'),
    type: text(r, 'type'),
    holder: text(r, 'acholdername'),
    address: text(r, 'btcaddress'),
    ifsc: text(r, 'ifsc'),
    branch: text(r, 'Branch'),
    imglink: text(r, 'imglink'),
  };
}

/** GET /adminBankDetailsByBankid?type=1: the enabled options (a flat list). */
export async function fetchPaymentOptions(): Promise<PaymentOption[]> {
  const response = await apiClient.get<unknown>('/adminBankDetailsByBankid', {
    params: { uid: getSession().userId, type: '1' },
  });
  return rowsOf(response.data).map(toOption);
}

/** GET …?type=9&id=: one option (`[[row]]`), or null when unknown/disabled. */
export async function fetchPaymentOption(id: string): Promise<PaymentOption | null> {
  const response = await apiClient.get<unknown>('/adminBankDetailsByBankid', {
    params: { uid: getSession().userId, type: '9', id },
  });
  const [row] = rowsOf(response.data);
  return row ? toOption(row) : null;
}

export interface Quote {
  /** Req. Amount (rupees text). */
  amount: string;
  discountRate: string;
  discountAmount: string;
  /** Net Amount (INR). */
  net: string;
}

export type QuoteAnswer = { ok: true; quote: Quote } | { ok: false; message: string };

/** GET …?type=10&id=<qty>&amount=<epin type>: the server's price `[[{requestpin_amount, discount_amount, discount_rate, amount1}]]`. */
export async function fetchQuote(qty: string, epintype: EpinType): Promise<QuoteAnswer> {
  const response = await apiClient.get<unknown>('/adminBankDetailsByBankid', {
    params: { uid: getSession().userId, type: '10', id: qty, amount: epintype },
  });
  const [row] = rowsOf(response.data);
  if (response.status !== 200 || !row) return { ok: false, message: resultText(response.data) };
  return {
    ok: true,
    quote: {
      amount: text(row, 'requestpin_amount'),
      discountRate: text(row, 'discount_rate'),
      discountAmount: text(row, 'discount_amount'),
      net: text(row, 'amount1'),
    },
  };
}

/* ----------------------------- bank / QR request ----------------------------- */

export interface BankRequestInput {
  utrno: string;
  amount: string;
  bankid: string;
  qty: string;
  epintype: EpinType;
}

/** POST /FundRequestBank: 'success' or the reason, as text. */
export async function submitBankRequest(input: BankRequestInput): Promise<string> {
  const response = await apiClient.post<unknown>('/FundRequestBank', {
    uid: getSession().userId,
    usertype: '',
    ...input,
  });
  return resultText(response.data);
}

/* ----------------------------- gateway orders ----------------------------- */

export type OrderAnswer = { ok: true; clientid: string } | { ok: false; message: string };

async function generateOrder(path: string, amount: string): Promise<OrderAnswer> {
  const response = await apiClient.post<unknown>(path, { username: getSession().userId, amount });
  const body = (typeof response.data === 'object' && response.data !== null ? response.data : {}) as Record<
    string,
    unknown
  >;
  const result = resultText(body);
  const clientid = typeof body.clientid === 'string' ? body.clientid : '';
  return result === PAY_TEXT.orderSuccess && clientid !== ''
    ? { ok: true, clientid }
    : { ok: false, message: result || PAY_TEXT.failed };
}

/** POST /genarateOrderIdNPayTRC (USDT) — the amount is a hint; the server prices the order. */
export const generateCryptoOrder = (usdt: string) => generateOrder('/genarateOrderIdNPayTRC', usdt);
/** POST /genarateOrderIdPayatupi (UPI, INR). */
export const generateUpiOrder = (inr: string) => generateOrder('/genarateOrderIdPayatupi', inr);

export interface DepositInput {
  amount: string;
  epin_type: EpinType;
  epin_qty: string;
  clientid: string;
}

export interface CryptoDeposit {
  address: string;
  /** USDT to pay, as the server priced it (falls back to the form's figure). */
  amount: string;
  clientid: string;
  /** The server's deadline for paying (epoch ms, from `expiresAt`), or null when absent or unreadable. */
  expiresAt: number | null;
  /**
   * The server's clock when it answered, from the HTTP `Date` header (epoch ms, whole seconds), or
   * null when absent or unreadable: the time left is counted on the server's clock (`serverNowAt`),
   * so a member whose own clock is wrong still sees the window the server gives.
   */
  serverDate: number | null;
}

// The server's clock as the answer's `Date` tells it: shared with the help links' countdowns.
export { CLOCK_AGREEMENT_MS, parseInstant, serverNowAt } from '../../../lib/server-clock';

/**
 * Milliseconds left to pay at `now`, counted to the server's deadline but never more than the 20-minute
 * window nor less than 0. `now` is the server's clock as far as known (`serverNowAt`; without a `Date`
 * the device's, and then a clock that is behind cannot show more than 20:00). Without a deadline: the
 * full window from now.
 */
export function paymentMsLeft(expiresAt: number | null, now: number): number {
  const windowMs = PAYMENT_WINDOW_SECONDS * 1000;
  if (expiresAt === null) return windowMs;
  return Math.min(windowMs, Math.max(0, expiresAt - now));
}

/** POST /depositByNowPayTRC: `{success, data: address | message, amount, clientid, expiresAt}`. */
export async function depositCrypto(
  input: DepositInput,
): Promise<{ ok: true; deposit: CryptoDeposit } | { ok: false; message: string }> {
  const response = await apiClient.post<unknown>('/depositByNowPayTRC', { username: getSession().userId, ...input });
  const body = (typeof response.data === 'object' && response.data !== null ? response.data : {}) as Record<
    string,
    unknown
  >;
  const data = typeof body.data === 'string' ? body.data : '';
  if (body.success !== true || data === '') return { ok: false, message: data || resultText(body) || PAY_TEXT.failed };
  return {
    ok: true,
    deposit: {
      address: data,
      amount: text(body, 'amount') || input.amount,
      clientid: text(body, 'clientid') || input.clientid,
      expiresAt: parseInstant(body.expiresAt),
      serverDate: parseInstant(response.headers.date),
    },
  };
}

export interface UpiPayment {
  qrCodeImage: string;
  /** Rupees to pay, as the server priced it. */
  amount: string;
  clientid: string;
  /** Payee name of the UPI link (the "banking name"). */
  bankingName: string;
}

/** Only a locally generated image is shown: a PNG data URL (the server draws the QR itself). */
export function isLocalQrImage(value: string): boolean {
  return /^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(value);
}

export const DEFAULT_BANKING_NAME = 'Sahyog Foundation';

function payeeName(upiUrl: string): string {
  const query = upiUrl.split('?')[1] ?? '';
  return new URLSearchParams(query).get('pn') ?? '';
}

/** POST /depositByPayatupi: `{data: {message: 'Success', upiUrl}, qrCodeImage, amount, clientid}` or `{data: {message}}`. */
export async function depositUpi(
  input: DepositInput,
): Promise<{ ok: true; payment: UpiPayment } | { ok: false; message: string }> {
  const response = await apiClient.post<unknown>('/depositByPayatupi', { username: getSession().userId, ...input });
  const body = (typeof response.data === 'object' && response.data !== null ? response.data : {}) as Record<
    string,
    unknown
  >;
  const data = (typeof body.data === 'object' && body.data !== null ? body.data : {}) as Record<string, unknown>;
  const message = typeof data.message === 'string' ? data.message : resultText(body);
  const qrCodeImage = text(body, 'qrCodeImage');
  if (message !== PAY_TEXT.depositSuccess || !isLocalQrImage(qrCodeImage))
    return { ok: false, message: message && message !== PAY_TEXT.depositSuccess ? message : PAY_TEXT.failed };
  return {
    ok: true,
    payment: {
      qrCodeImage,
      amount: text(body, 'amount') || input.amount,
      clientid: text(body, 'clientid') || input.clientid,
      bankingName: payeeName(text(data, 'upiUrl')) || DEFAULT_BANKING_NAME,
    },
  };
}

/** Session storage key of the UPI payment in progress (the spec stores QR image, amount and clientid there). */
export const UPI_PAYMENT_KEY = 'upiPayment';

export function storeUpiPayment(payment: UpiPayment): void {
  window.sessionStorage.setItem(UPI_PAYMENT_KEY, JSON.stringify(payment));
}

export function readUpiPayment(): UpiPayment | null {
  try {
    const raw = window.sessionStorage.getItem(UPI_PAYMENT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<UpiPayment>;
    const payment: UpiPayment = {
      qrCodeImage: typeof parsed.qrCodeImage === 'string' ? parsed.qrCodeImage : '',
      amount: typeof parsed.amount === 'string' ? parsed.amount : '',
      clientid: typeof parsed.clientid === 'string' ? parsed.clientid : '',
      bankingName:
        typeof parsed.bankingName === 'string' && parsed.bankingName !== '' ? parsed.bankingName : DEFAULT_BANKING_NAME,
    };
    return isLocalQrImage(payment.qrCodeImage) && payment.clientid !== '' ? payment : null;
  } catch {
    return null;
  }
}

export function clearUpiPayment(): void {
  window.sessionStorage.removeItem(UPI_PAYMENT_KEY);
}

/**
 * POST /checkPaymentStatus: the server asks the gateway itself (architecture §6).
 * status_id 1 with 'Response Received' = paid; 2 expired; 3 paid after the window (admin review);
 * -1 unknown order; 0 still waiting.
 */
export interface PaymentStatus {
  message: string;
  statusId: number;
  utr: string;
}

export async function checkPaymentStatus(clientid: string): Promise<PaymentStatus> {
  const response = await apiClient.post<unknown>('/checkPaymentStatus', { clientid });
  const body = (typeof response.data === 'object' && response.data !== null ? response.data : {}) as Record<
    string,
    unknown
  >;
  const data = (typeof body.data === 'object' && body.data !== null ? body.data : {}) as Record<string, unknown>;
  const inner = (typeof data.data === 'object' && data.data !== null ? data.data : {}) as Record<string, unknown>;
  const statusId = typeof data.status_id === 'number' ? data.status_id : Number(data.status_id ?? 0);
  return {
    message: typeof data.message === 'string' ? data.message : resultText(body),
    statusId: Number.isFinite(statusId) ? statusId : 0,
    utr: text(inner, 'utr'),
  };
}

export function isPaid(status: PaymentStatus): boolean {
  return status.message === PAY_TEXT.received && status.statusId === 1;
}

/** Final without success: expired (2), paid late (3, an admin reviews it) or an unknown order (-1). */
export function isFinalFailure(status: PaymentStatus): boolean {
  return status.statusId === 2 || status.statusId === 3 || status.statusId === -1;
}

/* ----------------------------- histories ----------------------------- */

async function fundRequestHistory(action: '7' | '11' | '12'): Promise<Record<string, unknown>[]> {
  const response = await apiClient.post<unknown>('/FundRequestHistory', { uid: getSession().userId, action });
  return rowsOf(response.data);
}

export interface BankRequestRow {
  paymentType: string;
  qty: string;
  reqAmount: string;
  discountRate: string;
  discountAmount: string;
  netAmount: string;
  utrno: string;
  requestedDate: string;
  status: string;
  paidDate: string;
  accountNumber: string;
  holder: string;
  ifsc: string;
  branch: string;
  bankName: string;
}

export async function fetchBankRequests(): Promise<BankRequestRow[]> {
  return (await fundRequestHistory('7')).map((r) => ({
    paymentType: text(r, 'paymenttype'),
    qty: text(r, 'qty'),
    reqAmount: text(r, 'requestpin_amount'),
    discountRate: text(r, 'discount_rate'),
    discountAmount: text(r, 'discount_amount'),
    netAmount: text(r, 'amount'),
    utrno: text(r, 'utrno'),
    requestedDate: text(r, 'requestedDate'),
    status: text(r, 'st'),
    paidDate: text(r, 'approveDate'),
    accountNumber: text(r, 'accountnumber'),
    holder: text(r, 'acholdername'),
    ifsc: text(r, 'ifsc'),
    branch: text(r, 'branch'),
    bankName: text(r, 'bankname'),
  }));
}

export interface GatewayOrderRow {
  orderId: string;
  epinType: string;
  qty: string;
  reqAmount: string;
  netInr: string;
  /** USDT to pay (online orders only). */
  netUsdt: string;
  requestedDate: string;
  status: string;
  paidDate: string;
  /** Transaction hash (online) or UTR (gateway). */
  txnHash: string;
}

function toOrderRow(r: Record<string, unknown>, statusField: 'msg' | 'ss'): GatewayOrderRow {
  return {
    orderId: text(r, 'client_txn_id'),
    epinType: epinTypeShown(text(r, 'epin_type')),
    qty: text(r, 'epin_qty'),
    reqAmount: text(r, 'epin_amount'),
    netInr: text(r, 'epin_netamount'),
    netUsdt: text(r, 'amount'),
    requestedDate: text(r, 'requestedDate'),
    status: text(r, statusField),
    paidDate: text(r, 'approveDate'),
    txnHash: text(r, 'upi_id_hash'),
  };
}

/** FundRequestHistory action 11: online (USDT) orders; status in `msg`. */
export async function fetchOnlineOrders(): Promise<GatewayOrderRow[]> {
  return (await fundRequestHistory('11')).map((r) => toOrderRow(r, 'msg'));
}

/** FundRequestHistory action 12: gateway (UPI) orders; status in `ss`. */
export async function fetchGatewayOrders(): Promise<GatewayOrderRow[]> {
  return (await fundRequestHistory('12')).map((r) => toOrderRow(r, 'ss'));
}
