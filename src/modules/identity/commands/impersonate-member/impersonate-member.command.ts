import { EventMetadata } from '../../../../platform/event-store/event.types';

/** Admin-web "Log in as": issue a signed single-use token for a member. */
export class IssueImpersonationCommand {
  constructor(
    readonly admin: string,
    readonly uid: string,
    readonly metadata: EventMetadata,
  ) {}
}

/** member-web `/AdminLogin?token=…`: exchange the token for a member session, once. */
export class RedeemImpersonationCommand {
  constructor(
    readonly token: string,
    readonly metadata: EventMetadata,
  ) {}
}
