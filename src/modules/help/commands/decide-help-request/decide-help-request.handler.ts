import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { decideApproval } from '../../domain/help-request.decide';
import { lockHelpRequest } from '../../rows';
import { DecideHelpRequestCommand } from './decide-help-request.command';

/** Lock the request, decide, append: approval opens its PH queue entry; rejection closes it (the member may ask again). */
@CommandHandler(DecideHelpRequestCommand)
export class DecideHelpRequestHandler implements ICommandHandler<
  DecideHelpRequestCommand,
  { id: string; status: string }
> {
  constructor(private readonly ledger: Ledger) {}

  execute({ id, decision, remark, by, metadata }: DecideHelpRequestCommand): Promise<{ id: string; status: string }> {
    return this.ledger.run(metadata, async (tx) => {
      const request = await lockHelpRequest(tx, id);
      if (!request) throw new DomainError('HELP.NO_SUCH_REQUEST', `No help request ${id}`, 'not-found');
      const decided = decideApproval(request.state, { decision, by, remark });
      if (!decided.ok) throw new DomainError(decided.code, decided.text, 'conflict');
      await tx.append(request, decided.events, { last: true });
      return { id, status: decision === 'approve' ? 'in-queue' : 'closed' };
    });
  }
}
