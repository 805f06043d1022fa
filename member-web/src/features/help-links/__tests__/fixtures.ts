/** Rows as the member contract answers them (spec §3). */
export const SUMMARY = {
  uid: '482913',
  f_name: 'Asha Rao',
  isagree: '1',
  Activestatus: 'Active',
  RegDate: '2026-01-15T10:00:00.000Z',
  ActDate: '2026-01-16T10:00:00.000Z',
  totalrefferal: '3',
  totalteam: '12',
  totalphamount: '5000.00',
  totalghamount: '4500.00',
  TeamIncome: '234.50',
  TotalIncome: '1234.50',
  totalWithdrawal: '450.00',
  TodayWithdrawal: '100.00',
  Net_Balance: '784.50',
  Totalpin: '2',
  impersonated: false,
};

export function phRow(overrides: Record<string, unknown> = {}) {
  return {
    id: '9001',
    Link_Amount: '4500.00',
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
/** MUI's default info.main (#0288d1). */
export const BLUE = 'rgb(2, 136, 209)';
