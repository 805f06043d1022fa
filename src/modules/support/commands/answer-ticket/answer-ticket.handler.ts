import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { decideAnswer } from '../../domain/ticket.decide';
import { lockTicket } from '../../rows';
import { AnswerTicketCommand } from './answer-ticket.command';

@CommandHandler(AnswerTicketCommand)
export class AnswerTicketHandler implements ICommandHandler<AnswerTicketCommand, { id: string; status: string }> {
  constructor(private readonly ledger: Ledger) {}

  execute({ id, action, reply, by, metadata }: AnswerTicketCommand): Promise<{ id: string; status: string }> {
    return this.ledger.run(metadata, async (tx) => {
      const ticket = await lockTicket(tx, id);
      if (!ticket) throw new DomainError('SUPPORT.NO_SUCH_TICKET', `No ticket ${id}`, 'not-found');
      const decided = decideAnswer(ticket.state, action === 'close' ? { action, by } : { action, by, reply });
      if (!decided.ok)
        throw new DomainError(decided.code, decided.text, decided.code === 'SUPPORT.CLOSED' ? 'conflict' : 'invalid');
      await tx.append(ticket, decided.events, { last: true });
      return { id, status: action === 'close' ? 'closed' : 'replied' };
    });
  }
}
