import { Inject, Injectable } from '@nestjs/common';
import { GatewayKind } from '../domain/payment.events';
import { CRYPTO_GATEWAY, PaymentGateway, UPI_GATEWAY } from './gateway';

/** The two configured gateways (real adapter or local double), chosen by an order's kind. */
@Injectable()
export class Gateways {
  constructor(
    @Inject(CRYPTO_GATEWAY) private readonly crypto: PaymentGateway,
    @Inject(UPI_GATEWAY) private readonly upi: PaymentGateway,
  ) {}

  of(kind: GatewayKind): PaymentGateway {
    return kind === 'crypto' ? this.crypto : this.upi;
  }
}
