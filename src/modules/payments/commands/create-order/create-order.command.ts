import { EventMetadata } from '../../../../platform/event-store/event.types';
import { GatewayKind } from '../../domain/payment.events';

/** genarateOrderIdNPayTRC / genarateOrderIdPayatupi: a fresh order id for the caller. */
export class CreateOrderCommand {
  constructor(
    readonly uid: string,
    readonly kind: GatewayKind,
    /** The amount the client shows: kept as a hint only. */
    readonly clientAmount: string,
    readonly metadata: EventMetadata,
  ) {}
}
