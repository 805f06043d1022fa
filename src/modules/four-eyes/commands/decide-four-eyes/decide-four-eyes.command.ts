import { EventMetadata } from '../../../../platform/event-store/event.types';

/** A second admin approves (carries the action out) or rejects (with a reason) a pending four-eyes request. */
export class DecideFourEyesCommand {
  constructor(
    readonly id: string,
    readonly decision: 'approve' | 'reject',
    readonly reason: string,
    readonly checker: { username: string; role: string },
    readonly metadata: EventMetadata,
  ) {}
}
