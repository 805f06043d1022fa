import { Posting } from '../../../platform/money';
import { HELP_ACCOUNT } from '../../help';
import { WALLET_ACCOUNT as A, WALLET_OUTCOME, WalletOutcome, WithdrawalEvent } from './withdrawal.events';

const posting = (account: string, amount: bigint): Posting => ({ account, amountPaise: amount.toString() });

/** The amount field as typed: digits only, at most 10 (spec §5), whole rupees. */
export function readAmount(text: string): { ok: true; rupees: bigint } | { ok: false; outcome: WalletOutcome } {
  const t = text.trim();
  if (!t) return { ok: false, outcome: WALLET_OUTCOME.enterAmount };
  if (!/^\d{1,10}$/.test(t)) return { ok: false, outcome: WALLET_OUTCOME.wholeRupees };
  const rupees = BigInt(t);
  if (rupees === 0n) return { ok: false, outcome: WALLET_OUTCOME.enterAmount };
  return { ok: true, rupees };
}

/**
 * A withdrawal request (business rules: Wallet): at least `withdrawalMinRupees`, at most the net
 * balance; the admin charge (`withdrawalChargePercent`, rounded down to the paisa) comes out of it;
 * the whole amount is reserved now, so the balance can never go below zero.
 */
export function decideRequestWithdrawal(
  command: { id: string; uid: string; rupees: bigint },
  state: { netBalancePaise: bigint },
  settings: { withdrawalMinRupees: number; withdrawalChargePercent: number },
): { ok: true; events: WithdrawalEvent[] } | { ok: false; outcome: WalletOutcome } {
  if (command.rupees < BigInt(settings.withdrawalMinRupees))
    return {
      ok: false,
      outcome: {
        code: WALLET_OUTCOME.belowMinimum.code,
        text: `${WALLET_OUTCOME.belowMinimum.text} ${settings.withdrawalMinRupees}`,
      },
    };
  const amount = command.rupees * 100n;
  if (amount > state.netBalancePaise) return { ok: false, outcome: WALLET_OUTCOME.insufficient };
  const charge = (amount * BigInt(settings.withdrawalChargePercent)) / 100n;
  return {
    ok: true,
    events: [
      {
        type: 'WithdrawalRequested',
        payload: {
          id: command.id,
          uid: command.uid,
          amountPaise: amount.toString(),
          chargePaise: charge.toString(),
          payoutPaise: (amount - charge).toString(),
          postings: [posting(A.withdrawn(command.uid), -amount), posting(A.reserved(command.uid), amount)],
        },
      },
    ],
  };
}

export interface WithdrawalState {
  id: string;
  uid: string;
  status: 'Requested' | 'Approved' | 'Paid' | 'Rejected';
  amountPaise: bigint;
  chargePaise: bigint;
  payoutPaise: bigint;
}

/**
 * An approver approves a requested withdrawal — its payout joins the GH queue, its charge goes to
 * the platform — or rejects it with a remark, and the reservation returns to the balance.
 */
export function decideWithdrawal(
  w: WithdrawalState,
  command: { decision: 'approve' | 'reject'; by: string; remark: string },
): { ok: true; events: WithdrawalEvent[] } | { ok: false; code: string; text: string } {
  if (w.status !== 'Requested')
    return { ok: false, code: 'WALLET.NOT_REQUESTED', text: `Withdrawal ${w.id} is ${w.status}, not Requested` };
  if (command.decision === 'reject')
    return {
      ok: true,
      events: [
        {
          type: 'WithdrawalRejected',
          payload: {
            id: w.id,
            uid: w.uid,
            by: command.by,
            remark: command.remark,
            postings: [posting(A.reserved(w.uid), -w.amountPaise), posting(A.withdrawn(w.uid), w.amountPaise)],
          },
        },
      ],
    };
  return {
    ok: true,
    events: [
      {
        type: 'WithdrawalApproved',
        payload: {
          id: w.id,
          uid: w.uid,
          by: command.by,
          entry: {
            id: `gh-${w.id}`,
            side: 'GH',
            uid: w.uid,
            amountPaise: w.payoutPaise.toString(),
            source: 'withdrawal',
            sourceId: w.id,
          },
          postings: [
            posting(A.reserved(w.uid), -w.amountPaise),
            posting(HELP_ACCOUNT.ghOwed(w.uid), w.payoutPaise),
            ...(w.chargePaise > 0n ? [posting(A.charges, w.chargePaise)] : []),
          ],
        },
      },
    ],
  };
}
