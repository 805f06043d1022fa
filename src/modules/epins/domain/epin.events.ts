import { EpinType } from '../../settings/settings';

export type EpinSource = { kind: 'admin' | 'request' | 'order'; ref: string };

/** Events of one e-pin's stream `epin-<number>`: its whole life. */
export type EpinEvent =
  | { type: 'EpinIssued'; payload: { number: string; epinType: EpinType; valuePaise: string; owner: string; source: EpinSource } }
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

export interface EpinState {
  number: string;
  type: EpinType;
  valuePaise: bigint;
  ownerUid: string;
  status: 'unused' | 'used';
  version: number;
}

/** Help tiers by e-pin type (business rules: Help). */
export const HELP_TIER_PAISE: Record<EpinType, bigint> = { EpintypeB: 500_000n, EpintypeA: 1_000_000n };

export const EPIN_MSG = {
  insufficient: 'Insufficient Epin !!',
  wrongUser: 'Wrong User Id',
  epinRequired: 'Epin is required',
  invalidEpin: 'Invalid Epin',
  alreadyUsed: 'Epin already used',
  activated: ' Activation Successfull',
  upgraded: ' Upgrade Successfull',
  transferDone: 'Success',
  enterQty: 'Enter Epin Quantity',
  enterUser: 'Enter User Id !!',
  invalidUser: 'Invalid User Id !!',
  selfTransfer: 'You cannot transfer e-pins to yourself',
  openHelpRequest: 'You already have an open help request',
} as const;
