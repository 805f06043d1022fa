import { Outcome } from '../../../platform/errors';
import { Posting } from '../../../platform/money';
import { QueueEntryOpened } from '../../help';

export const withdrawalStream = (id: string): string => `withdrawal-${id}`;

/** Withdrawal ids: `WD` and 12 hexadecimal digits. */
export const WITHDRAWAL_ID = /^WD[0-9A-F]{12}$/;

/**
 * The wallet's accounts (docs/decisions/0018). A member's net balance is their income accounts
 * plus `withdrawn`, which carries each withdrawal requested and not rejected as a negative amount;
 * `reserved` holds a request's amount until an admin approves it (into the GH queue) or rejects it
 * (back to the balance). Admin charges go to `platform:withdrawal-charges`.
 */
export const WALLET_ACCOUNT = {
  withdrawn: (uid: string) => `member:${uid}:withdrawn`,
  reserved: (uid: string) => `member:${uid}:reserved`,
  income: (uid: string) => `member:${uid}:income`,
  levelIncome: (uid: string) => `member:${uid}:level-income`,
  charges: 'platform:withdrawal-charges',
} as const;

export interface WithdrawalRequested {
  id: string;
  uid: string;
  amountPaise: string;
  chargePaise: string;
  payoutPaise: string;
  postings: Posting[];
}

export interface WithdrawalApproved {
  id: string;
  uid: string;
  by: string;
  /** The payout joins the GH queue as this entry. */
  entry: QueueEntryOpened;
  postings: Posting[];
}

export interface WithdrawalRejected {
  id: string;
  uid: string;
  by: string;
  remark: string;
  postings: Posting[];
}

export type WithdrawalEvent =
  | { type: 'WithdrawalRequested'; payload: WithdrawalRequested }
  | { type: 'WithdrawalApproved'; payload: WithdrawalApproved }
  | { type: 'WithdrawalRejected'; payload: WithdrawalRejected };

/** The member contract's outcomes of `Withdrawal` (the spec's texts where it has them). */
export const WALLET_OUTCOME = {
  done: { code: 'WALLET.DONE', text: 'Done' },
  enterAmount: { code: 'WALLET.ENTER_AMOUNT', text: 'Please Enter Amount' },
  wholeRupees: {
    code: 'WALLET.WHOLE_RUPEES',
    text: 'Please enter the amount in whole rupees (digits only, at most 10)',
  },
  belowMinimum: { code: 'WALLET.BELOW_MINIMUM', text: 'Minimum withdrawal amount is' },
  insufficient: { code: 'WALLET.INSUFFICIENT', text: 'Insufficiet Funds FOR PAYOUTS REQUEST PH FOR WITHDRAWALS' },
} as const satisfies Record<string, Outcome>;

export type WalletOutcome = { code: string; text: string };
