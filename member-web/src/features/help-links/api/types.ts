import type { StatusColor } from '../../../components/ui/status-text';
import { text } from '../../../lib/use-rows';

/** Link states as the member contract shows them: PH `paidst`, GH `sidapprovest` (spec §3, §4). */
export const PENDING = 'Pending';
export const CANCEL = 'Cancel';

/** Spec §2: Pending red, Cancel blue, anything else green. */
export function statusColor(status: string): StatusColor {
  if (status === PENDING) return 'error.main';
  if (status === CANCEL) return 'info.main';
  return 'success.main';
}

/** A help link as the lists and detail calls answer it (spec §3 "Help link", plus the log items' `ddd` and `dd`). */
export interface HelpLink {
  id: string;
  amount: string;
  /** `Link_Amount_USDT`: the amount at the server's USDT rate ('' on the detail answers, which do not carry it). */
  amountUsdt: string;
  /** Receiver's name on a PH link, sender's on a GH link. */
  name: string;
  /** Receiver (pay-to) member id. */
  uid: string;
  /** Sender member id. */
  fromid: string;
  mobile: string;
  remark: string;
  ghRemark: string;
  /** PH status. */
  paidst: string;
  /** GH status. */
  sidapprovest: string;
  utrno: string;
  /** Generate date. */
  ed: string;
  /** Paid date. */
  pd: string;
  /** Payment received date. */
  ad: string;
  bankName: string;
  branch: string;
  ifsc: string;
  accountNumber: string;
  holder: string;
  upi: string;
  /** Expiry (deadline) of a pending link, ISO. */
  ddd: string;
  /** Allotment time, ISO. */
  dd: string;
}

export function toHelpLink(r: Record<string, unknown>): HelpLink {
  return {
    id: text(r, 'id'),
    amount: text(r, 'Link_Amount'),
    amountUsdt: text(r, 'Link_Amount_USDT'),
    name: text(r, 'name'),
    uid: text(r, 'uid'),
    fromid: text(r, 'fromid'),
    mobile: text(r, 'Mobile'),
    remark: text(r, 'remark'),
    ghRemark: text(r, 'GH_remark'),
    paidst: text(r, 'paidst'),
    sidapprovest: text(r, 'sidapprovest'),
    utrno: text(r, 'utrno'),
    ed: text(r, 'ed'),
    pd: text(r, 'pd'),
    ad: text(r, 'ad'),
    bankName: text(r, 'bank_name'),
    branch: text(r, 'branch'),
    ifsc: text(r, 'ifsc'),
    accountNumber: text(r, 'accountnumber'),
    holder: text(r, 'holder'),
    upi: text(r, 'gpay'),
    ddd: text(r, 'ddd'),
    dd: text(r, 'dd'),
  };
}

/** Pending lists use type 1, received type 2, cancelled type 3 (spec §9). */
export type ListType = '1' | '2' | '3';

/** A list answer with the server's clock (the HTTP `Date` header, epoch ms) for the countdowns. */
export interface LinkList {
  rows: HelpLink[];
  serverDate: number | null;
}
