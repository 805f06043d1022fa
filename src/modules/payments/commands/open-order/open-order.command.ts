import { EventMetadata } from '../../../../platform/event-store/event.types';
import { GatewayKind } from '../../domain/payment.events';
import { OrderRow } from '../../rows';
import { DepositInput } from './open-order.dto';

/** depositBy…: prices the order from settings, opens it at the gateway, records it. */
export class OpenOrderCommand {
  constructor(
    readonly uid: string,
    readonly kind: GatewayKind,
    readonly input: DepositInput,
    readonly metadata: EventMetadata,
  ) {}
}

export type DepositResult =
  { ok: false; message: string } | { ok: true; order: OrderRow; qrCodeImage?: string; upiUrl?: string };
