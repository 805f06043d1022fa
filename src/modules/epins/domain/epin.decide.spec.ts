import { decideTopUp, TopUpTarget } from './epin.decide';
import { EpinState } from './epin.events';
import { EPIN_ALPHABET, newEpinNumber, EPIN_PATTERN } from './epin-number';

const epin = (over: Partial<EpinState> = {}): EpinState => ({
  number: 'ABCDEFGHJKLM',
  type: 'EpintypeB',
  valuePaise: 29900n,
  ownerUid: '111111',
  status: 'unused',
  ...over,
});
const inactive: TopUpTarget = { uid: '222222', status: 'Inactive', currentPackagePaise: 0n, totalPackagePaise: 0n };

describe('decideTopUp', () => {
  it("given an Inactive member and the activator's unused e-pin, when the activator tops up, then EpinUsed and an activation with the e-pin's value", () => {
    expect(decideTopUp({ activatorUid: '111111' }, { epin: epin(), member: inactive })).toEqual({
      ok: true,
      kind: 'activation',
      epinEvents: [{ type: 'EpinUsed', payload: { by: '111111', member: '222222' } }],
      memberEvents: [
        {
          type: 'MemberToppedUp',
          payload: {
            epin: 'ABCDEFGHJKLM',
            epinType: 'EpintypeB',
            valuePaise: '29900',
            kind: 'activation',
            activator: '111111',
            currentPackagePaise: '29900',
            totalPackagePaise: '29900',
          },
        },
      ],
    });
  });

  it('given an Active member, when topped up, then an upgrade: current package is the larger, total grows', () => {
    const decision = decideTopUp(
      { activatorUid: '111111' },
      {
        epin: epin(),
        member: { ...inactive, status: 'Active', currentPackagePaise: 100000n, totalPackagePaise: 100000n },
      },
    );
    expect(decision).toMatchObject({
      ok: true,
      kind: 'upgrade',
      memberEvents: [{ payload: { kind: 'upgrade', currentPackagePaise: '100000', totalPackagePaise: '129900' } }],
    });
  });

  it.each<[string, string, EpinState | null, string, string]>([
    ["someone else's e-pin", '333333', epin(), 'EPIN.INVALID', 'Invalid Epin'],
    ['no such e-pin', '111111', null, 'EPIN.INVALID', 'Invalid Epin'],
    ['a used e-pin', '111111', epin({ status: 'used' }), 'EPIN.ALREADY_USED', 'Epin already used'],
  ])(
    'given %s, when topped up, then refused with its code and the spec text',
    (_given, activatorUid, state, code, text) => {
      expect(decideTopUp({ activatorUid }, { epin: state, member: inactive })).toEqual({
        ok: false,
        outcome: { code, text },
      });
    },
  );
});

describe('e-pin numbers', () => {
  it('are 12 characters without 0, O, 1 or I', () => {
    for (let i = 0; i < 200; i++) expect(newEpinNumber()).toMatch(EPIN_PATTERN);
    expect(EPIN_ALPHABET).not.toMatch(/[01OI]/);
  });
});
