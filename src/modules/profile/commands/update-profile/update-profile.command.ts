import { EventMetadata } from '../../../../platform/event-store/event.types';
import { ProfileInput } from '../../domain/profile.decide';

/** UpdateProfile `profile`: the six Profile Info fields. */
export class UpdateProfileCommand {
  constructor(
    readonly uid: string,
    readonly input: ProfileInput,
    readonly metadata: EventMetadata,
  ) {}
}
