import { EventMetadata } from '../../../../platform/event-store/event.types';
import { LockedDetails } from '../../domain/profile.decide';

/** An admin unlocks a member's bank details or wallet address (`POST /admin-api/members/:uid/unlock-bank|unlock-wallet`). */
export class UnlockDetailsCommand {
  constructor(
    readonly uid: string,
    readonly what: LockedDetails,
    readonly reason: string,
    readonly admin: string,
    readonly metadata: EventMetadata,
  ) {}
}
