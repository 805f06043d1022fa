import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Ledger } from '../../../../platform/ledger';
import { issueEpins } from '../../steps/issue-epins';
import { IssueEpinsCommand } from './issue-epins.command';

/** The admin's issue: the shared step, under the caller's Idempotency-Key when one is sent. */
@CommandHandler(IssueEpinsCommand)
export class IssueEpinsHandler implements ICommandHandler<IssueEpinsCommand, { numbers: string[] }> {
  constructor(private readonly ledger: Ledger) {}

  async execute(command: IssueEpinsCommand): Promise<{ numbers: string[] }> {
    const { ownerUid, epinType, quantity, source, idempotencyKey } = command;
    return this.ledger.run(
      command.metadata,
      async (tx) => ({ numbers: await issueEpins(tx, command) }),
      idempotencyKey
        ? {
            idempotency: {
              scope: 'adminIssueEpins',
              key: idempotencyKey,
              request: { ownerUid, epinType, quantity, source },
            },
          }
        : {},
    );
  }
}
