import { EventMetadata } from '../../../../platform/event-store/event.types';

/** The desk (support, approver) replies to a ticket (`reply` holds the text) or closes it. */
export class AnswerTicketCommand {
  constructor(
    readonly id: string,
    readonly action: 'reply' | 'close',
    readonly reply: string,
    readonly by: string,
    readonly metadata: EventMetadata,
  ) {}
}
