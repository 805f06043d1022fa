import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderApp, signInMember } from '../../../testing/render-app';
import { bodyRowsOf, headersOf } from '../../../testing/table';

const HASH = '0x5f1c3a9e7b2d4c6e8f0a1b3c5d7e9f1a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e';

const ONLINE_ROWS = [
  {
    row: 1,
    uid: '482913',
    remark: '',
    upi_id_hash: HASH,
    amount: '6.64',
    requestedDate: '2026-11-05T09:30:00.000Z',
    client_txn_id: 'NP1',
    trnasid: 'np-1',
    approveDate: '2026-11-05T09:41:00.000Z',
    epin_type: 'EpintypeB',
    epin_qty: 2,
    epin_amount: '598.00',
    epin_discountrate: '0.00',
    epin_discountamount: '0.00',
    epin_netamount: '598.00',
    msg: 'finished',
    txn_link: 'https://evil.example/tx/x',
  },
  {
    row: 2,
    uid: '482913',
    remark: '',
    upi_id_hash: '',
    amount: '3.32',
    requestedDate: '2026-11-04T09:30:00.000Z',
    client_txn_id: 'NP2',
    trnasid: 'np-2',
    approveDate: '',
    epin_type: 'EpintypeB',
    epin_qty: 1,
    epin_amount: '299.00',
    epin_discountrate: '0.00',
    epin_discountamount: '0.00',
    epin_netamount: '299.00',
    msg: 'expired',
  },
  {
    row: 3,
    uid: '482913',
    remark: '',
    upi_id_hash: '',
    amount: '33.22',
    requestedDate: '2026-11-03T09:30:00.000Z',
    client_txn_id: 'NP3',
    trnasid: 'np-3',
    approveDate: '',
    epin_type: 'EpintypeA',
    epin_qty: 3,
    epin_amount: '3000.00',
    epin_discountrate: '0.00',
    epin_discountamount: '0.00',
    epin_netamount: '3000.00',
    msg: 'waiting',
  },
];

function statusColor(table: string, rowIndex: number, column: number): string | null {
  const row = within(screen.getByRole('table', { name: table })).getAllByRole('row')[rowIndex + 1]!;
  return (
    within(row).getAllByRole('cell')[column]!.querySelector('[data-status-color]')?.getAttribute('data-status-color') ??
    null
  );
}

describe('payment histories', () => {
  it('proves online rows map to the spec columns and the View link is built from the stored hash (bscscan), colours finished/expired/other', async () => {
    signInMember();
    const api = mockApi({ 'POST /FundRequestHistory': { data: [ONLINE_ROWS] } });
    renderApp('/OnlineFundRequestHistory');
    expect(await screen.findByRole('cell', { name: 'NP1' })).toBeInTheDocument();
    expect(api.callsTo('POST /FundRequestHistory')[0]?.body).toEqual({ uid: '482913', action: '11' });
    const title = 'Online Epin Request History';
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(headersOf(title)).toEqual([
      'S.No.',
      'Order Id',
      'Epin Type',
      'Quantity',
      'Req. Amount',
      'Net Amount (INR)',
      'Net Amount (USDT)',
      'Req. Date',
      'Status',
      'Paid Date',
      'Txn Hash',
    ]);
    expect(bodyRowsOf(title)).toEqual([
      ['1', 'NP1', '299', '2', '598.00', '598.00', '6.64', '05 Nov 2026', 'finished', '05 Nov 2026', 'View'],
      ['2', 'NP2', '299', '1', '299.00', '299.00', '3.32', '04 Nov 2026', 'expired', '—', '—'],
      ['3', 'NP3', '1000', '3', '3000.00', '3000.00', '33.22', '03 Nov 2026', 'waiting', '—', '—'],
    ]);
    const view = screen.getByRole('link', { name: 'View' });
    expect(view).toHaveAttribute('href', `https://bscscan.com/tx/${HASH}`);
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', 'noopener noreferrer');
    expect([0, 1, 2].map((i) => statusColor(title, i, 8))).toEqual(['success', 'warning', 'error']);
  });

  it('proves gateway rows show INR only (no USDT, no Txn Hash) with Success green, failed orange, other red', async () => {
    signInMember();
    const rows = ONLINE_ROWS.map(({ msg, txn_link: _link, ...rest }, i) => ({
      ...rest,
      upi_id_hash: '',
      client_txn_id: `UP${i + 1}`,
      ss: ['Success', 'failed', 'Pending'][i] ?? msg,
    }));
    const api = mockApi({ 'POST /FundRequestHistory': { data: [rows] } });
    renderApp('/GatewayFundRequestHistory');
    expect(await screen.findByRole('cell', { name: 'UP1' })).toBeInTheDocument();
    expect(api.callsTo('POST /FundRequestHistory')[0]?.body).toEqual({ uid: '482913', action: '12' });
    const title = 'Gateway Epin Request History';
    expect(headersOf(title)).toEqual([
      'S.No.',
      'Order Id',
      'Epin Type',
      'Quantity',
      'Req. Amount',
      'Net Amount',
      'Req. Date',
      'Status',
      'Paid Date',
    ]);
    expect(bodyRowsOf(title)[0]).toEqual([
      '1',
      'UP1',
      '299',
      '2',
      '598.00',
      '598.00',
      '05 Nov 2026',
      'Success',
      '05 Nov 2026',
    ]);
    expect([0, 1, 2].map((i) => statusColor(title, i, 7))).toEqual(['success', 'warning', 'error']);
  });

  it('proves bank/QR request rows map to the spec columns with Approved green and Pending red', async () => {
    signInMember();
    const base = {
      uid: '482913',
      remark: '',
      amount: '2915.25',
      paymenttype: 'Bank',
      acholdername: 'Sahyog Foundation',
      ifsc: 'SBIN0001234',
      branch: 'Nashik Road',
      bankname: 'State Bank of India',
      accountnumber: '30012345678',
      requestpin_amount: '2990.00',
      discount_amount: '74.75',
      discount_rate: '2.50',
      usertype: '',
      qty: 10,
      epintype: 'EpintypeB',
    };
    const api = mockApi({
      'POST /FundRequestHistory': {
        data: [
          [
            {
              ...base,
              row: 1,
              utrno: 'UTR1111111',
              requestedDate: '2026-11-05T09:30:00.000Z',
              st: 'Approved',
              approveDate: '2026-11-06T10:00:00.000Z',
            },
            {
              ...base,
              row: 2,
              utrno: 'UTR2222222',
              requestedDate: '2026-11-04T09:30:00.000Z',
              st: 'Pending',
              approveDate: '',
            },
          ],
        ],
      },
    });
    renderApp('/FundRequestHistoryBank');
    expect(await screen.findByRole('cell', { name: 'UTR1111111' })).toBeInTheDocument();
    expect(api.callsTo('POST /FundRequestHistory')[0]?.body).toEqual({ uid: '482913', action: '7' });
    const title = 'Epin Request History';
    expect(headersOf(title)).toEqual([
      'S.No.',
      'Payment Type',
      'Quantity',
      'Req. Amount',
      'Discount Rate',
      'Discount Amount',
      'Net Amount',
      'UTR Number',
      'Requested Date',
      'Status',
      'Paid Date',
      'Account Number',
      'Holder Name',
      'IFSC',
      'Branch',
      'Bank Name',
    ]);
    expect(bodyRowsOf(title)).toEqual([
      [
        '1',
        'Bank',
        '10',
        '2990.00',
        '2.50',
        '74.75',
        '2915.25',
        'UTR1111111',
        '05 Nov 2026',
        'Approved',
        '06 Nov 2026',
        '30012345678',
        'Sahyog Foundation',
        'SBIN0001234',
        'Nashik Road',
        'State Bank of India',
      ],
      [
        '2',
        'Bank',
        '10',
        '2990.00',
        '2.50',
        '74.75',
        '2915.25',
        'UTR2222222',
        '04 Nov 2026',
        'Pending',
        '—',
        '30012345678',
        'Sahyog Foundation',
        'SBIN0001234',
        'Nashik Road',
        'State Bank of India',
      ],
    ]);
    expect([0, 1].map((i) => statusColor(title, i, 9))).toEqual(['success', 'error']);
  });
});
