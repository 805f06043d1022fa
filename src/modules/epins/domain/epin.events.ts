import { outcome as platformOutcome, Outcome, textsOf } from '../../../platform/errors';
import { EpinType } from './epin-type';

export type EpinSource = { kind: 'admin' | 'request' | 'order'; ref: string };

/** Events of one e-pin's stream `epin-<number>`: its whole life. */
export type EpinEvent =
  | {
      type: 'EpinIssued';
      payload: { number: string; epinType: EpinType; valuePaise: string; owner: string; source: EpinSource };
    }
  | { type: 'EpinTransferred'; payload: { from: string; to: string } }
  | { type: 'EpinUsed'; payload: { by: string; member: string } };

/** On the member's stream: an e-pin applied to the member (activation or upgrade). */
export interface MemberToppedUp {
  epin: string;
  epinType: EpinType;
  valuePaise: string;
  kind: 'activation' | 'upgrade';
  activator: string;
  currentPackagePaise: string;
  totalPackagePaise: string;
}

export const epinStream = (number: string): string => `epin-${number}`;

/** One e-pin as a command decides on it (its row in `epins`). */
export interface EpinState {
  number: string;
  type: EpinType;
  valuePaise: bigint;
  ownerUid: string;
  status: 'unused' | 'used';
}

const outcome = <C extends `EPIN.${string}`>(code: C, text: string): Outcome<C> => platformOutcome(code, text);

/** The member contract's outcomes of e-pin commands: stable codes, and the spec's texts. */
export const EPIN_OUTCOME = {
  insufficient: outcome('EPIN.INSUFFICIENT', 'Insufficient Epin !!'),
  wrongUser: outcome('EPIN.WRONG_USER', 'Wrong User Id'),
  epinRequired: outcome('EPIN.REQUIRED', 'Epin is required'),
  invalidEpin: outcome('EPIN.INVALID', 'Invalid Epin'),
  alreadyUsed: outcome('EPIN.ALREADY_USED', 'Epin already used'),
  activated: outcome('EPIN.ACTIVATED', ' Activation Successfull'),
  upgraded: outcome('EPIN.UPGRADED', ' Upgrade Successfull'),
  transferDone: outcome('EPIN.TRANSFERRED', 'Success'),
  enterQty: outcome('EPIN.QUANTITY_REQUIRED', 'Enter Epin Quantity'),
  enterUser: outcome('EPIN.RECEIVER_REQUIRED', 'Enter User Id !!'),
  invalidUser: outcome('EPIN.UNKNOWN_RECEIVER', 'Invalid User Id !!'),
  selfTransfer: outcome('EPIN.SELF_TRANSFER', 'You cannot transfer e-pins to yourself'),
} as const;

export type EpinOutcome = (typeof EPIN_OUTCOME)[keyof typeof EPIN_OUTCOME];

/** The texts alone, as the answers carry them. */
export const EPIN_MSG = textsOf(EPIN_OUTCOME);
