import { EventMetadata } from '../../../../platform/event-store/event.types';
import { EpinType } from '../../domain/epin-type';
import { EpinSource } from '../../domain/epin.events';

/** The most e-pins one issue may create (a named limit; the static request page allows 500). */
export const MAX_ISSUE_QUANTITY = 500;

/** Every way an e-pin comes into being ends here: admin issue, approved request, confirmed order. */
export class IssueEpinsCommand {
  constructor(
    readonly ownerUid: string,
    readonly epinType: EpinType,
    readonly quantity: number,
    readonly source: EpinSource,
    readonly metadata: EventMetadata,
    /** The caller's Idempotency-Key: the same key and request answer the first issue again; another request → 409. */
    readonly idempotencyKey?: string,
    /** Each e-pin's value in paise when it was bought earlier (a request's or order's quote); without it, today's price. */
    readonly valuePaise?: string,
  ) {}
}
