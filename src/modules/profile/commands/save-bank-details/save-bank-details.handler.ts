import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { proveMemberSecret, SECRET_CHECK_OUTCOME } from '../../../identity';
import { APP_CONFIG, AppConfig } from '../../../../config/config';
import { checkBank, decideBankDetails } from '../../domain/profile.decide';
import { PROFILE_OUTCOME, ProfileOutcome } from '../../domain/profile.events';
import { ifscExists } from '../../ifsc/ifsc-codes';
import { IFSC_LOOKUP, IfscLookup } from '../../ifsc/ifsc-lookup';
import { lockProfile } from '../../rows';
import { profileLocks } from '../../queries/profile-locks';
import { SaveBankDetailsCommand } from './save-bank-details.command';

/**
 * Check the form (a 400), answer 'Details Verified and Locked' while locked, prove the transaction
 * password (outside any transaction: argon2), name the bank and branch from the IFSC look-up, then
 * under the profile's lock decide and append; the full PAN and Aadhaar go to `member_kyc` beside
 * the ledger, at the event's KYC version.
 */
@CommandHandler(SaveBankDetailsCommand)
export class SaveBankDetailsHandler implements ICommandHandler<SaveBankDetailsCommand, ProfileOutcome> {
  constructor(
    private readonly ledger: Ledger,
    @Inject(IFSC_LOOKUP) private readonly ifsc: IfscLookup,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ uid, input, typedNames, metadata }: SaveBankDetailsCommand): Promise<ProfileOutcome> {
    const checked = checkBank(input, ifscExists);
    if (!checked.ok) throw new DomainError('PROFILE.INVALID', checked.message, 'invalid');
    if ((await profileLocks(this.ledger.db, uid))?.bankLocked) return PROFILE_OUTCOME.locked;
    const proved = await proveMemberSecret(
      this.ledger,
      this.config,
      uid,
      'transaction',
      input.transactionPassword,
      metadata,
    );
    if (!proved.ok)
      return proved.locked ? SECRET_CHECK_OUTCOME.lockedOut(proved.minutes) : PROFILE_OUTCOME.wrongTransactionPassword;
    const found = await this.ifsc.find(checked.value.ifsc);
    const names = found
      ? { bankName: found.bank, branch: found.branch }
      : { bankName: typedNames.bankName.trim(), branch: typedNames.branch.trim() };
    return this.ledger.run(metadata, async (tx) => {
      const profile = await lockProfile(tx, uid);
      if (!profile) throw new DomainError('PROFILE.NOT_FOUND', `Member ${uid} does not exist`, 'not-found');
      const decision = decideBankDetails(profile.state, checked.value, names);
      if (!decision.ok) return decision.outcome;
      await tx.append(profile, decision.events);
      await tx.execute('insert into member_kyc (uid, version, pan, aadhaar) values ($1, $2, $3, $4)', [
        uid,
        decision.kycVersion,
        checked.value.pan,
        checked.value.aadhaar,
      ]);
      return PROFILE_OUTCOME.bankDone;
    });
  }
}
