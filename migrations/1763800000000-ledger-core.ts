import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger core: one append-only event table, idempotency keys and subscriber cursors.
 * Immutability is the database's job: a trigger refuses UPDATE, DELETE and TRUNCATE from anyone
 * (a superuser must disable it on purpose, which `ledger verify` then catches through the hashes),
 * and the application role is only ever granted SELECT and INSERT on the table.
 */
export class LedgerCore1763800000000 implements MigrationInterface {
  name = 'LedgerCore1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`alter default privileges in schema public grant select, insert, update, delete on tables to sahyog_app`);
    await q.query(`alter default privileges in schema public grant usage, select on sequences to sahyog_app`);
    await q.query(`grant usage on schema public to sahyog_app`);

    await q.query(`
      create table events (
        position        bigint generated always as identity primary key,
        stream_id       text        not null check (length(stream_id) between 1 and 200),
        stream_version  integer     not null check (stream_version > 0),
        type            text        not null,
        schema_version  smallint    not null default 1,
        payload         jsonb       not null,
        metadata        jsonb       not null,
        recorded_at     timestamptz not null,
        tx_id           xid8        not null default pg_current_xact_id(),
        hash            char(64)    not null,
        constraint events_stream_version_key unique (stream_id, stream_version)
      )`);
    await q.query(`create index events_tx_position_idx on events (tx_id, position)`);
    await q.query(`create index events_type_idx on events (type, position)`);
    await q.query(`revoke update, delete, truncate on events from sahyog_app`);
    await q.query(`revoke all on events from public`);
    await q.query(`grant select, insert on events to sahyog_app`);

    await q.query(`
      create function events_refuse_change() returns trigger language plpgsql as $$
      begin
        raise exception 'the event table is append-only: % is not allowed', tg_op
          using errcode = 'insufficient_privilege';
      end $$`);
    await q.query(`create trigger events_append_only before update or delete on events for each row execute function events_refuse_change()`);
    await q.query(`create trigger events_no_truncate before truncate on events for each statement execute function events_refuse_change()`);

    await q.query(`
      create table idempotency_keys (
        scope         text        not null,
        key           text        not null,
        request_hash  char(64)    not null,
        response      jsonb,
        created_at    timestamptz not null default now(),
        primary key (scope, key)
      )`);

    // Double entry: every money event's postings, one row each. Balances are sums over an
    // account's rows (no mutable balance row for hot accounts to queue on).
    await q.query(`
      create table postings (
        position     bigint      not null,
        seq          smallint    not null,
        account      text        not null,
        amount_paise bigint      not null,
        recorded_at  timestamptz not null,
        primary key (position, seq)
      )`);
    await q.query(`create index postings_account_idx on postings (account, recorded_at)`);

    // Where each subscriber (outbox relay, async projections) has read up to, in the
    // (transaction id, position) order that never skips a late-committing transaction.
    await q.query(`
      create table subscription_cursors (
        name       text   primary key,
        tx_id      xid8   not null default '0'::xid8,
        position   bigint not null default 0,
        updated_at timestamptz not null default now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`drop table subscription_cursors`);
    await q.query(`drop table postings`);
    await q.query(`drop table idempotency_keys`);
    await q.query(`drop table events`);
    await q.query(`drop function events_refuse_change()`);
  }
}
