import { apiClient } from '../../../lib/api-client';
import { epinTypeLabel } from '../../../lib/epin-type';
import { getSession } from '../../../lib/session';
import { rowsOf, text } from '../../../lib/use-rows';

/** POST /FundRequestHistory — the caller's e-pin requests: action 7 bank/QR, 11 online (USDT), 12 gateway (UPI). */
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
    epinType: epinTypeLabel(text(r, 'epin_type')),
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
