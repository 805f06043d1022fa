import { exactlyOneRow, ProjectedEvent, Projection, Statement } from '../../../platform/projections/projection';
import { EpinRequestEvent, PaymentOptionEvent, PaymentOptionFields, PaymentOrderEvent } from '../domain/payment.events';

const idAfter = (event: ProjectedEvent, prefix: string) => event.streamId.slice(prefix.length);

/** $1..$10 of an option's insert and edit: id, its fields, when, stream version. */
const optionParams = (id: string, p: PaymentOptionFields, event: ProjectedEvent) => [
  id,
  p.type,
  p.bankName,
  p.holder,
  p.address,
  p.ifsc,
  p.branch,
  p.imglink,
  event.recordedAt,
  event.streamVersion,
];

/** Admin bank / QR options. */
export const paymentOptionsProjection: Projection = {
  name: 'payment-options',
  tables: ['payment_options'],
  handles: ['PaymentOptionCreated', 'PaymentOptionEdited', 'PaymentOptionDisabled', 'PaymentOptionEnabled'],
  project(event: ProjectedEvent): Statement[] {
    const e = { type: event.type, payload: event.payload } as PaymentOptionEvent;
    const id = idAfter(event, 'payment-option-');
    if (e.type === 'PaymentOptionCreated') {
      return [
        {
          text: `insert into payment_options (id, type, bank_name, holder, address, ifsc, branch, imglink, created_at, updated_at, version)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10)`,
          params: optionParams(id, e.payload, event),
        },
      ];
    }
    const what = `payment option ${id} out of step at version ${event.streamVersion}`;
    if (e.type === 'PaymentOptionEdited') {
      return [
        exactlyOneRow(
          `update payment_options set type = $2, bank_name = $3, holder = $4, address = $5, ifsc = $6, branch = $7, imglink = $8, updated_at = $9, version = $10
          where id = $1 and version = $10 - 1`,
          optionParams(id, e.payload, event),
          what,
        ),
      ];
    }
    return [
      exactlyOneRow(
        'update payment_options set disabled = $2, updated_at = $3, version = $4 where id = $1 and version = $4 - 1',
        [id, e.type === 'PaymentOptionDisabled', event.recordedAt, event.streamVersion],
        what,
      ),
    ];
  },
};

/** Bank/QR e-pin requests; a decision applies only to a Pending request, once. */
export const epinRequestsProjection: Projection = {
  name: 'epin-requests',
  tables: ['epin_requests'],
  handles: ['EpinRequestSubmitted', 'EpinRequestApproved', 'EpinRequestRejected'],
  project(event: ProjectedEvent): Statement[] {
    const e = { type: event.type, payload: event.payload } as EpinRequestEvent;
    const id = idAfter(event, 'fund-request-');
    if (e.type === 'EpinRequestSubmitted') {
      const p = e.payload;
      return [
        {
          text: `insert into epin_requests (id, uid, option_id, option_type, bank_name, holder, address, ifsc, branch, utrno, epin_type, qty, usertype,
                                    client_amount, amount_paise, discount_rate_bp, discount_paise, net_paise, requested_at, version)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)`,
          params: [
            id,
            p.uid,
            p.option.id,
            p.option.type,
            p.option.bankName,
            p.option.holder,
            p.option.address,
            p.option.ifsc,
            p.option.branch,
            p.utrno,
            p.epinType,
            p.qty,
            p.usertype,
            p.clientAmount,
            p.amountPaise,
            p.discountRateBp,
            p.discountPaise,
            p.netPaise,
            event.recordedAt,
            event.streamVersion,
          ],
        },
      ];
    }
    const approved = e.type === 'EpinRequestApproved';
    return [
      exactlyOneRow(
        `update epin_requests set status = $2, remark = $3, decided_at = $4, decided_by = $5, version = $6
        where id = $1 and status = 'Pending' and version = $6 - 1`,
        [
          id,
          approved ? 'Approved' : 'Rejected',
          approved ? '' : (e.payload as { remark: string }).remark,
          event.recordedAt,
          e.payload.by,
          event.streamVersion,
        ],
        `e-pin request ${id} decided twice`,
      ),
    ];
  },
};

/** Gateway orders (USDT and UPI): every change is conditional on the state it leaves. */
export const paymentOrdersProjection: Projection = {
  name: 'payment-orders',
  tables: ['payment_orders'],
  handles: ['OrderCreated', 'OrderOpened', 'PaymentConfirmed', 'PaymentLate', 'OrderExpired', 'LatePaymentResolved'],
  project(event: ProjectedEvent): Statement[] {
    const e = { type: event.type, payload: event.payload } as PaymentOrderEvent;
    const clientid = idAfter(event, 'payment-order-');
    const v = event.streamVersion;
    const what = `payment order ${clientid}: ${event.type} out of step`;
    switch (e.type) {
      case 'OrderCreated':
        return [
          {
            text: `insert into payment_orders (clientid, uid, kind, status, client_amount, created_at, version) values ($1, $2, $3, 'created', $4, $5, $6)`,
            params: [clientid, e.payload.uid, e.payload.kind, e.payload.clientAmount, event.recordedAt, v],
          },
        ];
      case 'OrderOpened': {
        const p = e.payload;
        return [
          exactlyOneRow(
            `update payment_orders set status = 'open', epin_type = $2, qty = $3, amount_paise = $4, discount_rate_bp = $5, discount_paise = $6, net_paise = $7,
                  pay_amount = $8, pay_currency = $9, pay_address = $10, gateway_ref = $11, opened_at = $12, expires_at = $13, version = $14
            where clientid = $1 and status = 'created' and version = $14 - 1`,
            [
              clientid,
              p.epinType,
              p.qty,
              p.amountPaise,
              p.discountRateBp,
              p.discountPaise,
              p.netPaise,
              p.payAmount,
              p.payCurrency,
              p.payAddress,
              p.gatewayRef,
              event.recordedAt,
              p.expiresAt,
              v,
            ],
            what,
          ),
        ];
      }
      case 'PaymentConfirmed':
      case 'PaymentLate':
        return [
          exactlyOneRow(
            `update payment_orders set status = $6, paid_at = $2, txn_hash = $3, utr = $4, version = $5 where clientid = $1 and status in ('open', 'expired') and version = $5 - 1`,
            [
              clientid,
              e.payload.paidAt,
              e.payload.txnHash,
              e.payload.utr,
              v,
              e.type === 'PaymentConfirmed' ? 'confirmed' : 'late',
            ],
            what,
          ),
        ];
      case 'OrderExpired':
        return [
          exactlyOneRow(
            `update payment_orders set status = 'expired', version = $2 where clientid = $1 and status = 'open' and version = $2 - 1`,
            [clientid, v],
            what,
          ),
        ];
      case 'LatePaymentResolved':
        return [
          exactlyOneRow(
            `update payment_orders set status = 'resolved', remark = $2, version = $3 where clientid = $1 and status = 'late' and version = $3 - 1`,
            [clientid, `${e.payload.decision}: ${e.payload.remark}`, v],
            what,
          ),
        ];
    }
    return [];
  },
};
