import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { checkProfile, decideProfile } from '../../domain/profile.decide';
import { PROFILE_OUTCOME, ProfileOutcome } from '../../domain/profile.events';
import { isListedRegion } from '../../queries/regions/regions.query';
import { lockProfile } from '../../rows';
import { UpdateProfileCommand } from './update-profile.command';

/** Check the six fields (a 400 with the first broken rule's text), lock the profile, append. */
@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand, ProfileOutcome> {
  constructor(private readonly ledger: Ledger) {}

  execute({ uid, input, metadata }: UpdateProfileCommand): Promise<ProfileOutcome> {
    const checked = checkProfile(input, isListedRegion);
    if (!checked.ok) throw new DomainError('PROFILE.INVALID', checked.message, 'invalid');
    return this.ledger.run(metadata, async (tx) => {
      const profile = await lockProfile(tx, uid);
      if (!profile) throw new DomainError('PROFILE.NOT_FOUND', `Member ${uid} does not exist`, 'not-found');
      await tx.append(profile, decideProfile(uid, checked.value));
      return PROFILE_OUTCOME.profileDone;
    });
  }
}
