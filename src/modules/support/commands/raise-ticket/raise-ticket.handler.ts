import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { Ledger } from '../../../../platform/ledger';
import { decideRaise } from '../../domain/ticket.decide';
import { SUPPORT_OUTCOME, SupportOutcome, ticketStream } from '../../domain/ticket.events';
import { lockMemberDesk } from '../../rows';
import { RaiseTicketCommand } from './raise-ticket.command';

/** Lock the member's desk, decide on its counts, append the new ticket's first event. */
@CommandHandler(RaiseTicketCommand)
export class RaiseTicketHandler implements ICommandHandler<RaiseTicketCommand, SupportOutcome> {
  constructor(private readonly ledger: Ledger) {}

  execute({ uid, query, metadata }: RaiseTicketCommand): Promise<SupportOutcome> {
    // An empty query is refused before any transaction (nothing to lock, nothing written).
    if (!query.trim()) return Promise.resolve(SUPPORT_OUTCOME.enterQuery);
    return this.ledger.run(metadata, async (tx) => {
      const desk = await lockMemberDesk(tx, uid, tx.now);
      const id = `TK${randomBytes(6).toString('hex').toUpperCase()}`;
      const decision = decideRaise({ id, uid, query }, desk);
      if (!decision.ok) return decision.outcome;
      await tx.append(ticketStream(id), 0, decision.events, { last: true });
      return SUPPORT_OUTCOME.sent;
    });
  }
}
