import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { issueEpins } from '../../../epins';
import { decideBankRequest } from '../../domain/payment-order.decide';
import { epinRequestStream } from '../../domain/payment.events';
import { lockRequest } from '../../rows';
import { BankRequestDecided, DecideBankRequestCommand } from './decide-bank-request.command';

/** A request is decided once, under its row lock. */
@CommandHandler(DecideBankRequestCommand)
export class DecideBankRequestHandler implements ICommandHandler<DecideBankRequestCommand, BankRequestDecided> {
  constructor(private readonly ledger: Ledger) {}

  execute({ id, decision, remark, admin, metadata }: DecideBankRequestCommand): Promise<BankRequestDecided> {
    return this.ledger.run(metadata, async (tx) => {
      const request = await lockRequest(tx, id);
      if (!request) throw new DomainError('PAYMENT.UNKNOWN_REQUEST', `No e-pin request ${id}`, 'not-found');
      const decided = decideBankRequest(request.state, decision, admin, remark);
      const epins = decided.issue ? await issueEpins(tx, decided.issue) : [];
      await tx.append(epinRequestStream(id), request.version, decided.events(epins));
      return { id, status: decided.outcome, epins };
    });
  }
}
