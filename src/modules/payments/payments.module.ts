import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { Database } from '../../platform/db/database';
import { Ledger } from '../../platform/ledger';
import { CreateOrderHandler } from './commands/create-order/create-order.handler';
import { DecideBankRequestHandler } from './commands/decide-bank-request/decide-bank-request.handler';
import { OpenOrderHandler } from './commands/open-order/open-order.handler';
import { ResolveLatePaymentHandler } from './commands/resolve-late-payment/resolve-late-payment.handler';
import { OrderChecks } from './commands/settle-order/order-checks';
import { SettleOrderHandler } from './commands/settle-order/settle-order.handler';
import { SubmitBankRequestHandler } from './commands/submit-bank-request/submit-bank-request.handler';
import { GatewayKind } from './domain/payment.events';
import { GatewayDouble, DoubleGateway } from './double/gateway-double';
import { CRYPTO_GATEWAY, PaymentGateway, UPI_GATEWAY } from './gateways/gateway';
import { Gateways } from './gateways/gateways';
import { NowPaymentsGateway, UpiHttpGateway } from './gateways/http-gateways';
import { PaymentOptionsService } from './payment-options.service';
import { loadPaymentsConfig, PaymentsConfig } from './payments.config';
import { PAYMENTS_CONFIG } from './payments.tokens';
import { FundRequestHistoryHandler } from './queries/fund-request-history/fund-request-history.handler';

/** The real HTTP adapter when its env is set, the local double otherwise. */
export function gatewayFor(kind: GatewayKind, double: GatewayDouble, c: PaymentsConfig): PaymentGateway {
  if (kind === 'crypto')
    return c.crypto
      ? new NowPaymentsGateway(c.crypto.url, c.crypto.apiKey, c.callbackUrl)
      : new DoubleGateway('crypto', double, c.upiPayeeVpa);
  return c.upi
    ? new UpiHttpGateway(c.upi.url, c.upi.key, c.upiPayeeVpa)
    : new DoubleGateway('upi', double, c.upiPayeeVpa);
}

/** The gateway checks outside Nest's module graph (the worker's payment-status job and sweep). */
export function createPaymentOrders(
  db: Database,
  ledger: Ledger,
  c: PaymentsConfig = loadPaymentsConfig(),
): OrderChecks {
  const double = new GatewayDouble(db, c.ipnSecret, c.callbackUrl);
  return new OrderChecks(
    ledger,
    new Gateways(gatewayFor('crypto', double, c), gatewayFor('upi', double, c)),
    new SettleOrderHandler(ledger),
    c,
  );
}

const commandHandlers = [
  CreateOrderHandler,
  OpenOrderHandler,
  SettleOrderHandler,
  ResolveLatePaymentHandler,
  SubmitBankRequestHandler,
  DecideBankRequestHandler,
];
const queryHandlers = [FundRequestHistoryHandler];
const gateways = [
  {
    provide: GatewayDouble,
    inject: [Database, PAYMENTS_CONFIG],
    useFactory: (db: Database, c: PaymentsConfig) => new GatewayDouble(db, c.ipnSecret, c.callbackUrl),
  },
  {
    provide: CRYPTO_GATEWAY,
    inject: [GatewayDouble, PAYMENTS_CONFIG],
    useFactory: (double: GatewayDouble, c: PaymentsConfig) => gatewayFor('crypto', double, c),
  },
  {
    provide: UPI_GATEWAY,
    inject: [GatewayDouble, PAYMENTS_CONFIG],
    useFactory: (double: GatewayDouble, c: PaymentsConfig) => gatewayFor('upi', double, c),
  },
  Gateways,
];

/** Payment options, bank/QR e-pin requests, gateway orders; real gateways when configured, the local double otherwise. */
@Module({
  imports: [CqrsModule],
  providers: [
    { provide: PAYMENTS_CONFIG, useFactory: () => loadPaymentsConfig() },
    ...gateways,
    ...commandHandlers,
    ...queryHandlers,
    OrderChecks,
    PaymentOptionsService,
  ],
  exports: [PAYMENTS_CONFIG, GatewayDouble, CRYPTO_GATEWAY, UPI_GATEWAY, PaymentOptionsService, OrderChecks],
})
export class PaymentsModule {}
