import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { decideUnlock } from '../../domain/profile.decide';
import { PROFILE_MSG } from '../../domain/profile.events';
import { lockProfile } from '../../rows';
import { UnlockDetailsCommand } from './unlock-details.command';

/** Lock the profile, decide (409 when not locked), append with the admin as actor; answers the new lock states. */
@CommandHandler(UnlockDetailsCommand)
export class UnlockDetailsHandler implements ICommandHandler<
  UnlockDetailsCommand,
  { id: string; bank_locked: boolean; wallet_locked: boolean }
> {
  constructor(private readonly ledger: Ledger) {}

  execute({ uid, what, reason, admin, metadata }: UnlockDetailsCommand) {
    const why = reason.trim();
    if (!why) throw new DomainError('PROFILE.REASON_REQUIRED', PROFILE_MSG.reasonRequired, 'invalid');
    return this.ledger.run(metadata, async (tx) => {
      const profile = await lockProfile(tx, uid);
      if (!profile) throw new DomainError('PROFILE.NOT_FOUND', `Member ${uid} does not exist`, 'not-found');
      const decision = decideUnlock(profile.state, what, admin, why);
      if (!decision.ok) throw new DomainError(decision.code, decision.text, 'conflict');
      await tx.append(profile, decision.events);
      return {
        id: uid,
        bank_locked: what === 'bank' ? false : profile.state.bankLocked,
        wallet_locked: what === 'wallet' ? false : profile.state.walletLocked,
      };
    });
  }
}
