import { Module } from '@nestjs/common';
import { Database } from '../../platform/db/database';
import { Ledger } from '../../platform/ledger';
import { GatewayKind } from './domain/payment.events';
import { GatewayDouble, DoubleGateway } from './double/gateway-double';
import { CRYPTO_GATEWAY, PaymentGateway, UPI_GATEWAY } from './gateways/gateway';
import { NowPaymentsGateway, UpiHttpGateway } from './gateways/http-gateways';
import { EpinRequestsService } from './epin-requests.service';
import { PaymentOptionsService } from './payment-options.service';
import { PaymentOrdersService } from './payment-orders.service';
import { loadPaymentsConfig, PaymentsConfig } from './payments.config';
import { PAYMENTS_CONFIG } from './payments.tokens';

/** The real HTTP adapter when its env is set, the local double otherwise. */
export function gatewayFor(kind: GatewayKind, double: GatewayDouble, c: PaymentsConfig): PaymentGateway {
  if (kind === 'crypto') return c.crypto ? new NowPaymentsGateway(c.crypto.url, c.crypto.apiKey, c.callbackUrl) : new DoubleGateway('crypto', double, c.upiPayeeVpa);
  return c.upi ? new UpiHttpGateway(c.upi.url, c.upi.key, c.upiPayeeVpa) : new DoubleGateway('upi', double, c.upiPayeeVpa);
}

/** Gateway orders outside Nest's module graph (the worker's payment-status job). */
export function createPaymentOrders(db: Database, ledger: Ledger, c: PaymentsConfig = loadPaymentsConfig()): PaymentOrdersService {
  const double = new GatewayDouble(db, c.ipnSecret, c.callbackUrl);
  return new PaymentOrdersService(ledger, db, gatewayFor('crypto', double, c), gatewayFor('upi', double, c), c);
}

/** Payment options, bank/QR e-pin requests, gateway orders; real gateways when configured, the local double otherwise. */
@Module({
  providers: [
    { provide: PAYMENTS_CONFIG, useFactory: () => loadPaymentsConfig() },
    { provide: GatewayDouble, inject: [Database, PAYMENTS_CONFIG], useFactory: (db: Database, c: PaymentsConfig) => new GatewayDouble(db, c.ipnSecret, c.callbackUrl) },
    { provide: CRYPTO_GATEWAY, inject: [GatewayDouble, PAYMENTS_CONFIG], useFactory: (double: GatewayDouble, c: PaymentsConfig) => gatewayFor('crypto', double, c) },
    { provide: UPI_GATEWAY, inject: [GatewayDouble, PAYMENTS_CONFIG], useFactory: (double: GatewayDouble, c: PaymentsConfig) => gatewayFor('upi', double, c) },
    PaymentOptionsService,
    EpinRequestsService,
    PaymentOrdersService,
  ],
  exports: [PAYMENTS_CONFIG, GatewayDouble, CRYPTO_GATEWAY, UPI_GATEWAY, PaymentOptionsService, EpinRequestsService, PaymentOrdersService],
})
export class PaymentsModule {}
