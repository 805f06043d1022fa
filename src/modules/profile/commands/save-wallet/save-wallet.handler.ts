import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { proveMemberSecret, SECRET_CHECK_OUTCOME } from '../../../identity';
import { APP_CONFIG, AppConfig } from '../../../../config/config';
import { checkWallet, decideWallet } from '../../domain/profile.decide';
import { PROFILE_OUTCOME, ProfileOutcome } from '../../domain/profile.events';
import { profileLocks } from '../../queries/profile-locks';
import { lockProfile } from '../../rows';
import { SaveWalletCommand } from './save-wallet.command';

/** Check the address (a 400), refuse while locked, prove the transaction password, then save and lock it. */
@CommandHandler(SaveWalletCommand)
export class SaveWalletHandler implements ICommandHandler<SaveWalletCommand, ProfileOutcome> {
  constructor(
    private readonly ledger: Ledger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ uid, address, transactionPassword, metadata }: SaveWalletCommand): Promise<ProfileOutcome> {
    const checked = checkWallet({ address, transactionPassword });
    if (!checked.ok) throw new DomainError('PROFILE.INVALID', checked.message, 'invalid');
    if ((await profileLocks(this.ledger.db, uid))?.walletLocked) return PROFILE_OUTCOME.locked;
    const proved = await proveMemberSecret(this.ledger, this.config, uid, 'transaction', transactionPassword, metadata);
    if (!proved.ok)
      return proved.locked ? SECRET_CHECK_OUTCOME.lockedOut(proved.minutes) : PROFILE_OUTCOME.wrongTransactionPassword;
    return this.ledger.run(metadata, async (tx) => {
      const profile = await lockProfile(tx, uid);
      if (!profile) throw new DomainError('PROFILE.NOT_FOUND', `Member ${uid} does not exist`, 'not-found');
      const decision = decideWallet(profile.state, checked.value);
      if (!decision.ok) return decision.outcome;
      await tx.append(profile, decision.events);
      return PROFILE_OUTCOME.walletDone;
    });
  }
}
