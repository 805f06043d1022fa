import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { decideAgreeDisclaimer } from '../../domain/member.decide';
import { MSG } from '../../domain/member.messages';
import { lockMember } from '../../member-state';
import { AgreeDisclaimerCommand } from './agree-disclaimer.command';

/** Records the disclaimer acknowledgement once; agreeing again changes nothing. */
@CommandHandler(AgreeDisclaimerCommand)
export class AgreeDisclaimerHandler implements ICommandHandler<AgreeDisclaimerCommand, { result: string }> {
  constructor(private readonly ledger: Ledger) {}

  async execute({ uid, metadata }: AgreeDisclaimerCommand): Promise<{ result: string }> {
    return this.ledger.run(metadata, async (tx) => {
      const member = await lockMember(tx, uid);
      if (!member) throw new DomainError('MEMBER.NOT_FOUND', MSG.loginRequired, 'unauthorized');
      await tx.append(member, decideAgreeDisclaimer(member.state));
      return { result: MSG.success };
    });
  }
}
