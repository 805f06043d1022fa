import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payments: admin payment options (bank / QR), bank/QR e-pin requests and gateway orders (all
 * projections of their streams), plus the local gateway double's own tables (not projections:
 * the double stands in for an outside service and keeps its state like one would).
 */
export class Payments1763800003000 implements MigrationInterface {
  name = 'Payments1763800003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create table payment_options (
        id          text        primary key,
        type        text        not null check (type in ('Bank', 'QR')),
        bank_name   text        not null,
        holder      text        not null,
        address     text        not null,
        ifsc        text        not null,
        branch      text        not null,
        imglink     text        not null,
        disabled    boolean     not null default false,
        created_at  timestamptz not null,
        updated_at  timestamptz not null,
        version     integer     not null
      )`);

    await q.query(`
      create table epin_requests (
        id                 text        primary key,
        uid                char(6)     not null,
        option_id          text        not null,
        option_type        text        not null,
        bank_name          text        not null,
        holder             text        not null,
        address            text        not null,
        ifsc               text        not null,
        branch             text        not null,
        utrno              text        not null,
        epin_type          text        not null,
        qty                integer     not null check (qty > 0),
        usertype           text        not null,
        client_amount      text        not null,
        amount_paise       bigint      not null,
        discount_rate_bp   integer     not null,
        discount_paise     bigint      not null,
        net_paise          bigint      not null,
        status             text        not null default 'Pending' check (status in ('Pending', 'Approved', 'Rejected')),
        remark             text        not null default '',
        requested_at       timestamptz not null,
        decided_at         timestamptz,
        decided_by         text,
        version            integer     not null
      )`);
    // A UTR is one payment: unique across every request, whatever its case or spacing.
    await q.query(`create unique index epin_requests_utr_key on epin_requests (upper(utrno))`);
    await q.query(`create index epin_requests_uid_idx on epin_requests (uid, requested_at)`);
    await q.query(`create index epin_requests_status_idx on epin_requests (status, requested_at)`);

    await q.query(`
      create table payment_orders (
        clientid          text        primary key,
        uid               char(6)     not null,
        kind              text        not null check (kind in ('crypto', 'upi')),
        status            text        not null check (status in ('created', 'open', 'confirmed', 'late', 'expired', 'resolved')),
        client_amount     text        not null,
        epin_type         text,
        qty               integer,
        amount_paise      bigint,
        discount_rate_bp  integer,
        discount_paise    bigint,
        net_paise         bigint,
        pay_amount        text,
        pay_currency      text,
        pay_address       text,
        gateway_ref       text,
        created_at        timestamptz not null,
        opened_at         timestamptz,
        expires_at        timestamptz,
        paid_at           timestamptz,
        txn_hash          text,
        utr               text,
        remark            text        not null default '',
        version           integer     not null
      )`);
    await q.query(`create index payment_orders_uid_idx on payment_orders (uid, kind, created_at)`);
    await q.query(`create index payment_orders_status_idx on payment_orders (status, created_at)`);

    // The local gateway double (crypto and UPI): its orders, as a real gateway would keep them.
    await q.query(`
      create table gateway_double_orders (
        id              text        primary key,
        kind            text        not null check (kind in ('crypto', 'upi')),
        order_ref       text        not null unique,
        pay_address     text        not null,
        pay_amount      text        not null,
        pay_currency    text        not null,
        status          text        not null check (status in ('waiting', 'finished', 'expired')),
        created_at      timestamptz not null,
        expires_at      timestamptz not null,
        paid_at         timestamptz,
        late_paid_at    timestamptz,
        txn_hash        text,
        utr             text,
        callback_url    text,
        last_callback   jsonb,
        callback_result text
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('drop table gateway_double_orders');
    await q.query('drop table payment_orders');
    await q.query('drop table epin_requests');
    await q.query('drop table payment_options');
  }
}
