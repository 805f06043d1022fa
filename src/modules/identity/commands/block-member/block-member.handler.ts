import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { decideBlock } from '../../domain/member.decide';
import { lockMember } from '../../member-state';
import { SetMemberBlockedCommand } from './block-member.command';

/** An admin blocks or unblocks a member; the event names the admin and the remark. */
@CommandHandler(SetMemberBlockedCommand)
export class SetMemberBlockedHandler implements ICommandHandler<
  SetMemberBlockedCommand,
  { uid: string; blocked: boolean }
> {
  constructor(private readonly ledger: Ledger) {}

  async execute({
    uid,
    blocked,
    remark,
    metadata,
  }: SetMemberBlockedCommand): Promise<{ uid: string; blocked: boolean }> {
    return this.ledger.run(metadata, async (tx) => {
      const member = await lockMember(tx, uid);
      if (!member) throw new DomainError('MEMBER.NOT_FOUND', `Member ${uid} does not exist`, 'not-found');
      if (uid === '100000' && blocked)
        throw new DomainError('MEMBER.ROOT', 'The root member cannot be blocked', 'invalid');
      await tx.append(member, decideBlock(member.state, blocked, remark));
      return { uid, blocked };
    });
  }
}
