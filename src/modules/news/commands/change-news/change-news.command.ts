import { EventMetadata } from '../../../../platform/event-store/event.types';

/** An admin edits a news item's text and/or hides or shows it (absent fields stay as they are). */
export class ChangeNewsCommand {
  constructor(
    readonly id: string,
    readonly content: string | undefined,
    readonly hidden: boolean | undefined,
    readonly by: string,
    readonly metadata: EventMetadata,
  ) {}
}
