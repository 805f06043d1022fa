import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { Ledger } from '../../../../platform/ledger';
import { paymentOrderStream } from '../../domain/payment.events';
import { CreateOrderCommand } from './create-order.command';

/** A new order is only an id and its owner; it is priced and opened at the gateway by OpenOrder. */
@CommandHandler(CreateOrderCommand)
export class CreateOrderHandler implements ICommandHandler<CreateOrderCommand, string> {
  constructor(private readonly ledger: Ledger) {}

  async execute({ uid, kind, clientAmount, metadata }: CreateOrderCommand): Promise<string> {
    const clientid = `${kind === 'crypto' ? 'NP' : 'UP'}${Date.now()}${randomBytes(3).toString('hex').toUpperCase()}`;
    await this.ledger.run(metadata, (tx) =>
      tx.append(paymentOrderStream(clientid), 0, [
        { type: 'OrderCreated', payload: { clientid, uid, kind, clientAmount: clientAmount.slice(0, 20) } },
      ]),
    );
    return clientid;
  }
}
