import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Ledger } from '../../../../platform/ledger';
import { issueEpins } from '../../../epins';
import { decideSettlement, OrderStatus } from '../../domain/payment-order.decide';
import { paymentOrderStream } from '../../domain/payment.events';
import { lockOrder } from '../../rows';
import { SettleOrderCommand } from './settle-order.command';

/** Settles once: every step is conditional on the order's state under its row lock, so asking twice issues nothing twice. */
@CommandHandler(SettleOrderCommand)
export class SettleOrderHandler implements ICommandHandler<SettleOrderCommand, OrderStatus | 'unknown'> {
  constructor(private readonly ledger: Ledger) {}

  execute({ clientid, status, metadata }: SettleOrderCommand): Promise<OrderStatus | 'unknown'> {
    return this.ledger.run(metadata, async (tx) => {
      const order = await lockOrder(tx, clientid);
      if (!order) return 'unknown';
      const decision = decideSettlement(order.state, status, tx.now);
      const epins = decision.issue ? await issueEpins(tx, decision.issue) : [];
      const events = decision.events(epins);
      if (events.length > 0) await tx.append(paymentOrderStream(clientid), order.version, events);
      return decision.outcome;
    });
  }
}
