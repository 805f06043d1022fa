import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { issueEpins } from '../../../epins';
import { decideLateResolution } from '../../domain/payment-order.decide';
import { paymentOrderStream } from '../../domain/payment.events';
import { findOrder, lockOrder, OrderRow } from '../../rows';
import { ResolveLatePaymentCommand } from './resolve-late-payment.command';

/** Once: the order must be late under its row lock; issuing e-pins happens in the same commit. Answers the order after. */
@CommandHandler(ResolveLatePaymentCommand)
export class ResolveLatePaymentHandler implements ICommandHandler<ResolveLatePaymentCommand, OrderRow> {
  constructor(private readonly ledger: Ledger) {}

  async execute({ clientid, decision, remark, admin, metadata }: ResolveLatePaymentCommand): Promise<OrderRow> {
    await this.ledger.run(metadata, async (tx) => {
      const order = await lockOrder(tx, clientid);
      if (!order) throw new DomainError('PAYMENT.UNKNOWN_ORDER', `No order ${clientid}`, 'not-found');
      const resolution = decideLateResolution(order.state, decision, admin, remark);
      const epins = resolution.issue ? await issueEpins(tx, resolution.issue) : [];
      await tx.append(paymentOrderStream(clientid), order.version, resolution.events(epins));
    });
    return (await findOrder(this.ledger.db, clientid))!;
  }
}
