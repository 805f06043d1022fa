import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '../../../../platform/errors';
import { EventMetadata } from '../../../../platform/event-store/event.types';
import { Ledger } from '../../../../platform/ledger';
import { OrderStatus } from '../../domain/payment-order.decide';
import { GatewayKind } from '../../domain/payment.events';
import { GatewayStatus, PaymentGateway } from '../../gateways/gateway';
import { Gateways } from '../../gateways/gateways';
import { PaymentsConfig } from '../../payments.config';
import { PAYMENTS_CONFIG } from '../../payments.tokens';
import { findOrder, OrderRow, watchedOrders } from '../../rows';
import { SettleOrderCommand } from './settle-order.command';
import { SettleOrderHandler } from './settle-order.handler';

/**
 * The server's own check of an order with its gateway, then SettleOrder on the answer: the one path
 * of the crypto callback, the member's status check, the admin's re-check and the payment-status
 * job and sweep. The client's claim is never used.
 */
@Injectable()
export class OrderChecks {
  constructor(
    private readonly ledger: Ledger,
    private readonly gateways: Gateways,
    private readonly settler: SettleOrderHandler,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  find(clientid: string): Promise<OrderRow | undefined> {
    return findOrder(this.ledger.db, clientid);
  }

  gateway(kind: GatewayKind): PaymentGateway {
    return this.gateways.of(kind);
  }

  settle(clientid: string, status: GatewayStatus, metadata: EventMetadata): Promise<OrderStatus | 'unknown'> {
    return this.settler.execute(new SettleOrderCommand(clientid, status, metadata));
  }

  /** Asks the gateway about the order now and settles on its answer; answers what the gateway said and the order's state after. */
  async askAndSettle(
    order: OrderRow,
    metadata: EventMetadata,
  ): Promise<{ gatewayState: GatewayStatus['state']; after: OrderStatus | 'unknown' }> {
    const status = await this.gateway(order.kind).status(order.clientid, order.gateway_ref ?? '');
    return { gatewayState: status.state, after: await this.settle(order.clientid, status, metadata) };
  }

  /** checkPaymentStatus / updatePaymentStatus: the caller's order, asked about while open or expired; the order after. */
  async check(uid: string, clientid: string, metadata: EventMetadata): Promise<OrderRow | undefined> {
    const order = await this.find(clientid);
    if (!order || order.uid !== uid) return undefined;
    if (order.status === 'open' || order.status === 'expired') await this.askAndSettle(order, metadata);
    return (await this.find(clientid))!;
  }

  /**
   * An admin's "Re-check with gateway": asks the gateway about an open or expired order now and
   * settles on its answer, exactly like the job (a late payment is recorded late, no e-pins), at any
   * time — also after the job's late-payment watch is over. Answers the order and what the gateway said.
   */
  async recheck(
    clientid: string,
    metadata: EventMetadata,
  ): Promise<{ order: OrderRow; gatewayState: GatewayStatus['state'] }> {
    const order = await this.find(clientid);
    if (!order) throw new DomainError('PAYMENT.UNKNOWN_ORDER', `No order ${clientid}`, 'not-found');
    if (order.status !== 'open' && order.status !== 'expired') {
      throw new DomainError(
        'PAYMENT.NOTHING_TO_CHECK',
        `Only an open or expired order can be re-checked with the gateway; this order is ${order.status}`,
        'conflict',
      );
    }
    const { gatewayState } = await this.askAndSettle(order, metadata);
    return { order: (await this.find(clientid))!, gatewayState };
  }

  /** Orders the job's sweep still asks about (open, or expired within the late-payment watch), oldest first. */
  watched(limit: number): Promise<OrderRow[]> {
    return watchedOrders(this.ledger.db, this.config.lateWatchSeconds, limit);
  }
}
