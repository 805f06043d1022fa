import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { Ledger } from '../../../../platform/ledger';
import { loadSettings } from '../../../settings';
import { decideRequestWithdrawal, readAmount } from '../../domain/withdrawal.decide';
import { WalletOutcome, WALLET_OUTCOME, withdrawalStream } from '../../domain/withdrawal.events';
import { lockWallet } from '../../rows';
import { RequestWithdrawalCommand } from './request-withdrawal.command';

/** Lock the wallet, decide on the balance read under the lock, append the reservation. */
@CommandHandler(RequestWithdrawalCommand)
export class RequestWithdrawalHandler implements ICommandHandler<RequestWithdrawalCommand, WalletOutcome> {
  constructor(private readonly ledger: Ledger) {}

  execute({ uid, amount, metadata }: RequestWithdrawalCommand): Promise<WalletOutcome> {
    const read = readAmount(amount);
    if (!read.ok) return Promise.resolve(read.outcome);
    return this.ledger.run(metadata, async (tx) => {
      const wallet = await lockWallet(tx, uid);
      const id = `WD${randomBytes(6).toString('hex').toUpperCase()}`;
      const decision = decideRequestWithdrawal({ id, uid, rupees: read.rupees }, wallet, await loadSettings(tx));
      if (!decision.ok) return decision.outcome;
      await tx.append(withdrawalStream(id), 0, decision.events, { last: true });
      return WALLET_OUTCOME.done;
    });
  }
}
