import { EventMetadata } from '../../../../platform/event-store/event.types';
import { EpinType } from '../../domain/epin-type';

export class TransferEpinsCommand {
  constructor(
    readonly fromUid: string,
    readonly toUid: string,
    readonly quantity: number,
    readonly epinType: EpinType,
    readonly metadata: EventMetadata,
    /** The caller's optional Idempotency-Key: the same key and request answer the first transfer again; another request → 409. */
    readonly idempotencyKey?: string,
  ) {}
}
