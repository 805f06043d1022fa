import { decideRequestWithdrawal, decideWithdrawal, readAmount } from './withdrawal.decide';

const settings = { withdrawalMinRupees: 100, withdrawalChargePercent: 0 };

describe('withdrawals', () => {
  it.each([
    ['', 'WALLET.ENTER_AMOUNT'],
    ['0', 'WALLET.ENTER_AMOUNT'],
    ['12.5', 'WALLET.WHOLE_RUPEES'],
    ['-5', 'WALLET.WHOLE_RUPEES'],
    ['12345678901', 'WALLET.WHOLE_RUPEES'],
  ])('given the amount %j, then refused with %s', (text, code) => {
    const read = readAmount(text);
    expect(read.ok ? null : read.outcome.code).toBe(code);
  });

  it('given a balance, when less than the minimum or more than the balance is asked, then refused with the spec texts', () => {
    expect(
      decideRequestWithdrawal({ id: 'WD1', uid: '111111', rupees: 99n }, { netBalancePaise: 50_000n }, settings),
    ).toEqual({
      ok: false,
      outcome: { code: 'WALLET.BELOW_MINIMUM', text: 'Minimum withdrawal amount is 100' },
    });
    expect(
      decideRequestWithdrawal({ id: 'WD1', uid: '111111', rupees: 501n }, { netBalancePaise: 50_000n }, settings),
    ).toEqual({
      ok: false,
      outcome: { code: 'WALLET.INSUFFICIENT', text: 'Insufficiet Funds FOR PAYOUTS REQUEST PH FOR WITHDRAWALS' },
    });
  });

  it('given enough balance, when requested, then the whole amount is reserved, the charge taken from it', () => {
    const d = decideRequestWithdrawal(
      { id: 'WD1', uid: '111111', rupees: 500n },
      { netBalancePaise: 50_000n },
      { ...settings, withdrawalChargePercent: 5 },
    );
    expect(d).toEqual({
      ok: true,
      events: [
        {
          type: 'WithdrawalRequested',
          payload: {
            id: 'WD1',
            uid: '111111',
            amountPaise: '50000',
            chargePaise: '2500',
            payoutPaise: '47500',
            postings: [
              { account: 'member:111111:withdrawn', amountPaise: '-50000' },
              { account: 'member:111111:reserved', amountPaise: '50000' },
            ],
          },
        },
      ],
    });
  });

  const requested = {
    id: 'WD1',
    uid: '111111',
    status: 'Requested' as const,
    amountPaise: 50_000n,
    chargePaise: 2_500n,
    payoutPaise: 47_500n,
  };

  it('given a requested withdrawal, when approved, then its payout joins the GH queue and the charge goes to the platform', () => {
    const d = decideWithdrawal(requested, { decision: 'approve', by: 'approver', remark: '' });
    expect(d.ok && d.events[0].payload).toMatchObject({
      entry: { id: 'gh-WD1', side: 'GH', uid: '111111', amountPaise: '47500', source: 'withdrawal', sourceId: 'WD1' },
      postings: [
        { account: 'member:111111:reserved', amountPaise: '-50000' },
        { account: 'member:111111:gh-owed', amountPaise: '47500' },
        { account: 'platform:withdrawal-charges', amountPaise: '2500' },
      ],
    });
  });

  it('given a requested withdrawal, when rejected, then the reservation returns; a decided one cannot be decided again', () => {
    const d = decideWithdrawal(requested, { decision: 'reject', by: 'approver', remark: 'no' });
    expect(d.ok && d.events[0].payload).toMatchObject({
      postings: [
        { account: 'member:111111:reserved', amountPaise: '-50000' },
        { account: 'member:111111:withdrawn', amountPaise: '50000' },
      ],
    });
    expect(
      decideWithdrawal({ ...requested, status: 'Rejected' }, { decision: 'approve', by: 'a', remark: '' }).ok,
    ).toBe(false);
  });
});
