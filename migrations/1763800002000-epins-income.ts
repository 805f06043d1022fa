import { MigrationInterface, QueryRunner } from 'typeorm';

/** Read tables of e-pins, top-ups, level income, help requests and settings (all projections). */
export class EpinsIncome1763800002000 implements MigrationInterface {
  name = 'EpinsIncome1763800002000';

  async up(q: QueryRunner): Promise<void> {
    // Position of the top-up that activated the member: "active at the moment of an event" is
    // activated_position < that event's position.
    await q.query(`alter table members add column activated_position bigint`);

    await q.query(`
      create table settings_history (
        position   bigint      primary key,
        key        text        not null,
        value      jsonb       not null,
        changed_at timestamptz not null,
        changed_by text        not null
      )`);
    await q.query(`create index settings_history_key_idx on settings_history (key, position desc)`);

    await q.query(`
      create table epins (
        number       char(12)    primary key,
        type         text        not null check (type in ('EpintypeA', 'EpintypeB')),
        value_paise  bigint      not null check (value_paise > 0),
        owner_uid    char(6)     not null,
        status       text        not null default 'unused' check (status in ('unused', 'used')),
        issued_at    timestamptz not null,
        received_at  timestamptz not null,
        used_for     char(6),
        used_at      timestamptz,
        source_kind  text        not null,
        source_ref   text        not null,
        version      integer     not null
      )`);
    await q.query(`create index epins_stock_idx on epins (owner_uid, type, status, received_at, number)`);

    await q.query(`
      create table epin_transfers (
        position       bigint      primary key,
        number         char(12)    not null,
        from_uid       char(6)     not null,
        to_uid         char(6)     not null,
        transferred_at timestamptz not null
      )`);
    await q.query(`create index epin_transfers_from_idx on epin_transfers (from_uid, transferred_at)`);
    await q.query(`create index epin_transfers_to_idx on epin_transfers (to_uid, transferred_at)`);

    await q.query(`
      create table topups (
        position      bigint      primary key,
        member_uid    char(6)     not null,
        activator_uid char(6)     not null,
        epin          char(12)    not null unique,
        epin_type     text        not null,
        value_paise   bigint      not null,
        kind          text        not null check (kind in ('activation', 'upgrade')),
        topped_up_at  timestamptz not null
      )`);
    await q.query(`create index topups_activator_idx on topups (activator_uid, topped_up_at)`);
    await q.query(`create index topups_member_idx on topups (member_uid, topped_up_at)`);

    // One row per (top-up event, level), ever: the primary key is the guarantee.
    await q.query(`
      create table level_income (
        topup_position  bigint      not null,
        level           smallint    not null check (level between 1 and 15),
        earner_uid      char(6),
        from_uid        char(6)     not null,
        on_amount_paise bigint      not null,
        rate_bp         integer     not null,
        amount_paise    bigint      not null check (amount_paise >= 0),
        paid            boolean     not null,
        reason          text,
        paid_at         timestamptz not null,
        primary key (topup_position, level)
      )`);
    await q.query(`create index level_income_earner_idx on level_income (earner_uid, paid_at)`);

    await q.query(`
      create table help_requests (
        id           uuid        primary key,
        uid          char(6)     not null,
        epin_type    text        not null,
        tier_paise   bigint      not null,
        kind         text        not null check (kind in ('Activate', 'Upgrade')),
        status       text        not null default 'awaiting-approval',
        topup_position bigint    not null,
        requested_at timestamptz not null
      )`);
    // At most one open help request per member.
    await q.query(`create unique index help_requests_one_open_idx on help_requests (uid) where status <> 'closed'`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['help_requests', 'level_income', 'topups', 'epin_transfers', 'epins', 'settings_history']) await q.query(`drop table ${t}`);
    await q.query(`alter table members drop column activated_position`);
  }
}
