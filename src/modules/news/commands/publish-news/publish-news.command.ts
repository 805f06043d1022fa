import { EventMetadata } from '../../../../platform/event-store/event.types';

/** An admin publishes a news item for members (`hidden`: published hidden, shown later). */
export class PublishNewsCommand {
  constructor(
    readonly content: string,
    readonly hidden: boolean,
    readonly by: string,
    readonly metadata: EventMetadata,
  ) {}
}
