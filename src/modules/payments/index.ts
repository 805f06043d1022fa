/** The payments context's public surface: other contexts, `api/`, the worker and the CLIs import payments only from here. */
export { PaymentsModule, createPaymentOrders } from './payments.module';
export { PAYMENTS_CONFIG } from './payments.tokens';
export { loadPaymentsConfig } from './payments.config';
export type { PaymentsConfig } from './payments.config';

export { CreateOrderCommand } from './commands/create-order/create-order.command';
export { OpenOrderCommand } from './commands/open-order/open-order.command';
export type { DepositResult } from './commands/open-order/open-order.command';
export type { DepositInput } from './commands/open-order/open-order.dto';
export { SettleOrderCommand } from './commands/settle-order/settle-order.command';
export { OrderChecks } from './commands/settle-order/order-checks';
export { ResolveLatePaymentCommand } from './commands/resolve-late-payment/resolve-late-payment.command';
export { SubmitBankRequestCommand } from './commands/submit-bank-request/submit-bank-request.command';
export type { BankRequestInput } from './commands/submit-bank-request/submit-bank-request.dto';
export { DecideBankRequestCommand } from './commands/decide-bank-request/decide-bank-request.command';
export type { BankRequestDecided } from './commands/decide-bank-request/decide-bank-request.command';
export { FundRequestHistoryQuery } from './queries/fund-request-history/fund-request-history.query';
export { orderStatusAnswer } from './queries/order-status/order-status.answer';
export type { StatusAnswer } from './queries/order-status/order-status.answer';

export { PAY_MSG } from './domain/payment.messages';
export type { PaymentOptionFields } from './domain/payment.events';
export { PaymentOptionsService, memberOption, adminOption, OPTION_COLUMNS } from './payment-options.service';
export type { OptionRow } from './payment-options.service';
export { ORDER_COLUMNS, REQUEST_COLUMNS } from './rows';
export type { OrderRow, EpinRequestRow } from './rows';

export { ipnSignatureValid, signIpn } from './gateways/gateway';
export { GatewayDouble } from './double/gateway-double';
export { runDoubleCommand } from './double/double-cli';
export {
  PAYMENT_SWEEP_EVERY_MS,
  pollPaymentStatus,
  pollTimingOf,
  sweepPaymentOrders,
} from './jobs/payment-status.processor';
export type { PaymentStatusJob, PollTiming } from './jobs/payment-status.processor';

// The admin read side's list queries (src/api/admin, one controller per resource).
export { EPIN_REQUESTS_LIST, listEpinRequests, showEpinRequest } from './queries/epin-requests/epin-requests.query';
export { listPaymentOrders, PAYMENT_ORDERS_LIST } from './queries/payment-orders/payment-orders.query';
export { listPaymentOptions, PAYMENT_OPTIONS_LIST } from './queries/payment-options/payment-options.query';
export type { DoubleOrderRow } from './double/gateway-double';
export {
  epinRequestsProjection,
  paymentOptionsProjection,
  paymentOrdersProjection,
} from './projections/payments.projection';
