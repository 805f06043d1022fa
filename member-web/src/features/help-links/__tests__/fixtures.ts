import { DASHBOARD_SUMMARY } from '../../../testing/dashboard-summary';

/** Rows as the member contract answers them (spec §3; the backend's src/modules/help|wallet queries). */
export const SUMMARY = {
  ...DASHBOARD_SUMMARY,
  TodayWithdrawal: '100.00',
  Net_Balance: '784.50',
  Reserved_Withdrawal: '0.00',
  phQueueCount: '0',
  phQueueRupees: '0.00',
  ghQueueCount: '0',
  ghQueueRupees: '0.00',
  myPhQueuePosition: '',
  myPhQueueRupees: '0.00',
  myGhQueuePosition: '',
  myGhQueueRupees: '0.00',
  matchedLinks7d: '0',
  matchedRupees7d: '0.00',
  matchingRate7d: '0.00',
};

export function phRow(overrides: Record<string, unknown> = {}) {
  return {
    id: '9001',
    Link_Amount: '4500.00',
    Link_Amount_USDT: '50.00',
    uid: '517204',
    name: 'Ravi Kumar',
    Mobile: '9876543210',
    ddd: '2026-11-25T10:00:00.000Z',
    dd: '2026-11-24T10:00:00.000Z',
    paidst: 'Pending',
    ...overrides,
  };
}

export function ghRow(overrides: Record<string, unknown> = {}) {
  return {
    id: '9102',
    Link_Amount: '900.00',
    Link_Amount_USDT: '10.00',
    fromid: '603118',
    name: 'Meena Shah',
    Mobile: '9123456780',
    dd: '2026-11-24T11:00:00.000Z',
    sidapprovest: 'Paid',
    ...overrides,
  };
}

export function linkDetail(overrides: Record<string, unknown> = {}) {
  return {
    id: '9001',
    Link_Amount: '4500.00',
    name: 'Ravi Kumar',
    uid: '517204',
    fromid: '482913',
    Mobile: '9876543210',
    remark: 'Matched 24 Nov',
    GH_remark: '',
    paidst: 'Pending',
    sidapprovest: 'Pending',
    utrno: '',
    ed: '2026-11-24T10:00:00.000Z',
    ddd: '2026-11-25T10:00:00.000Z',
    pd: '',
    ad: '',
    bank_name: 'State Bank of India',
    branch: 'Nashik Road',
    ifsc: 'SBIN0001234',
    accountnumber: '00112233445566',
    holder: 'RAVI KUMAR',
    gpay: '9876543210',
    ...overrides,
  };
}

export const RED = 'rgb(198, 40, 40)';
export const GREEN = 'rgb(27, 127, 58)';
/** The theme's info.main (#01579b, components/ui/theme.ts). */
export const BLUE = 'rgb(1, 87, 155)';
