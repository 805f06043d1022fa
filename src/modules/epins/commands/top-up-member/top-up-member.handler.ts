import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Ledger } from '../../../../platform/ledger';
import { EPIN_MSG } from '../../domain/epin.events';
import { topUp } from '../../steps/top-up';
import { TopUpMemberCommand } from './top-up-member.command';

/** The /Activation screen's top-up: the shared step, its append the transaction's last statement. */
@CommandHandler(TopUpMemberCommand)
export class TopUpMemberHandler implements ICommandHandler<TopUpMemberCommand, { result: string }> {
  constructor(private readonly ledger: Ledger) {}

  async execute({ activatorUid, memberUid, epinNumber, metadata }: TopUpMemberCommand): Promise<{ result: string }> {
    if (!epinNumber) return { result: EPIN_MSG.epinRequired };
    return this.ledger.run(metadata, async (tx) => {
      const outcome = await topUp(tx, activatorUid, memberUid, epinNumber.trim().toUpperCase(), { last: true });
      if (!outcome.ok) return { result: outcome.reason };
      return { result: outcome.kind === 'activation' ? EPIN_MSG.activated : EPIN_MSG.upgraded };
    });
  }
}
