import { EventMetadata } from '../../../../platform/event-store/event.types';

/** `Helpdesk_By_User`: the member sends a query to the help desk. */
export class RaiseTicketCommand {
  constructor(
    readonly uid: string,
    readonly query: string,
    readonly metadata: EventMetadata,
  ) {}
}
