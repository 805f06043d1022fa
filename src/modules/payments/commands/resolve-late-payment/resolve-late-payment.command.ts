import { EventMetadata } from '../../../../platform/event-store/event.types';

/** An admin resolves a late payment: issue the e-pins after all, or dismiss (refund handled outside). */
export class ResolveLatePaymentCommand {
  constructor(
    readonly clientid: string,
    readonly decision: 'issue' | 'dismiss',
    readonly remark: string,
    readonly admin: string,
    readonly metadata: EventMetadata,
  ) {}
}
