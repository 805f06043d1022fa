import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Ledger } from '../../../../platform/ledger';
import { loadSettings } from '../../../settings';
import { decideOpenOrder } from '../../domain/payment-order.decide';
import { PAYMENT_WINDOW_SECONDS, paymentOrderStream } from '../../domain/payment.events';
import { PAY_MSG } from '../../domain/payment.messages';
import { payAmountOf, quote } from '../../domain/pricing';
import { Gateways } from '../../gateways/gateways';
import { upiPayment } from '../../gateways/upi-qr';
import { PaymentsConfig } from '../../payments.config';
import { PAYMENTS_CONFIG } from '../../payments.tokens';
import { findOrder, lockOrder } from '../../rows';
import { DepositResult, OpenOrderCommand } from './open-order.command';
import { readDeposit } from './open-order.dto';

/** The price is the server's own (settings), never the client's; the gateway is asked before the transaction, idempotent on the order id. */
@CommandHandler(OpenOrderCommand)
export class OpenOrderHandler implements ICommandHandler<OpenOrderCommand, DepositResult> {
  constructor(
    private readonly ledger: Ledger,
    private readonly gateways: Gateways,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  async execute({ uid, kind, input, metadata }: OpenOrderCommand): Promise<DepositResult> {
    const deposit = readDeposit(input);
    if (!deposit.ok) return deposit;
    const { clientid, epinType, qty } = deposit;
    const order = clientid ? await findOrder(this.ledger.db, clientid) : undefined;
    if (!order || order.uid !== uid || order.kind !== kind) return { ok: false, message: PAY_MSG.unknownOrder };
    if (order.status !== 'created') return { ok: false, message: 'This order is already open' };
    const settings = await loadSettings(this.ledger.db);
    const price = quote(settings, epinType, qty);
    const opened = await this.gateways.of(kind).createOrder({
      clientid,
      payAmount: payAmountOf(kind, price, settings),
      description: `${qty} x ${epinType} e-pins for ${uid}`,
      windowSeconds: PAYMENT_WINDOW_SECONDS,
    });
    await this.ledger.run(metadata, async (tx) => {
      const { state, version } = (await lockOrder(tx, clientid))!;
      const { payAmount, payCurrency, payAddress, gatewayRef } = opened;
      await tx.append(
        paymentOrderStream(clientid),
        version,
        decideOpenOrder(state, {
          ...price,
          payAmount,
          payCurrency,
          payAddress,
          gatewayRef,
          expiresAt: opened.expiresAt.toISOString(),
        }),
      );
    });
    const fresh = (await findOrder(this.ledger.db, clientid))!;
    if (kind === 'crypto') return { ok: true, order: fresh };
    return {
      ok: true,
      order: fresh,
      ...(await upiPayment(opened.payAddress, this.config.upiPayeeName, opened.payAmount, clientid)),
    };
  }
}
