import { EventMetadata } from '../../../../platform/event-store/event.types';
import { GatewayStatus } from '../../gateways/gateway';

/** Apply what the gateway said about an order (its callback, the member's check, the job, the sweep, an admin's re-check). */
export class SettleOrderCommand {
  constructor(
    readonly clientid: string,
    readonly status: GatewayStatus,
    readonly metadata: EventMetadata,
  ) {}
}
