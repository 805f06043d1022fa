import { decideOpenRequest, decideRequestHelp } from './help.decide';

describe('help requests', () => {
  it('given an open help request, when another is asked for, then refused with HELP.ALREADY_OPEN', () => {
    expect(decideOpenRequest({ openRequest: true, memberStatus: 'Active' })).toEqual({
      ok: false,
      outcome: { code: 'HELP.ALREADY_OPEN', text: 'You already have an open help request' },
    });
  });

  it('given none open, when an Inactive member asks, then an Activate request; an Active one, an Upgrade', () => {
    expect(decideOpenRequest({ openRequest: false, memberStatus: 'Inactive' })).toEqual({ ok: true, kind: 'Activate' });
    expect(decideOpenRequest({ openRequest: false, memberStatus: 'Active' })).toEqual({ ok: true, kind: 'Upgrade' });
  });

  it.each([
    ['EpintypeB', '500000'],
    ['EpintypeA', '1000000'],
  ] as const)(
    'given its top-up at a position, when a %s help request is made, then HelpRequested names the tier (%s paise)',
    (epinType, tierPaise) => {
      expect(decideRequestHelp({ id: 'h1', uid: '123456', epinType }, 'Activate', '77')).toEqual([
        {
          type: 'HelpRequested',
          payload: { id: 'h1', uid: '123456', epinType, tierPaise, kind: 'Activate', topupPosition: '77' },
        },
      ]);
    },
  );
});
