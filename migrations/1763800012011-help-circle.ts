import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The help circle and withdrawals (issue 11): help requests gain their life after the request,
 * the PH and GH queues, help links, UTR claims shared by help links and e-pin requests, flagged
 * UTRs, and withdrawals. Every table is a projection (rebuilt by `ledger replay`).
 */
export class HelpCircle1763800012011 implements MigrationInterface {
  name = 'HelpCircle1763800012011';

  async up(q: QueryRunner): Promise<void> {
    // Help requests: awaiting-approval → in-queue → closed (outcome rejected | completed | failed).
    await q.query(`alter table help_requests
      add column outcome            text check (outcome in ('rejected', 'completed', 'failed')),
      add column remark             text not null default '',
      add column decided_at         timestamptz,
      add column decided_by         text,
      add column given_paise        bigint not null default 0,
      add column failures           smallint not null default 0,
      add column closed_at          timestamptz,
      add column entitlement_paise  bigint,
      add column entitlement_due_at timestamptz,
      add column entitlement_at     timestamptz,
      add column version            integer not null default 1`);
    await q.query(
      `alter table help_requests add constraint help_requests_status_check check (status in ('awaiting-approval', 'in-queue', 'closed'))`,
    );
    await q.query(
      `create index help_requests_entitlement_due_idx on help_requests (entitlement_due_at) where entitlement_at is null and entitlement_due_at is not null`,
    );

    await q.query(`
      create table queue_entries (
        id              text        primary key,
        side            text        not null check (side in ('PH', 'GH')),
        uid             char(6)     not null,
        amount_paise    bigint      not null check (amount_paise > 0),
        remaining_paise bigint      not null check (remaining_paise >= 0 and remaining_paise <= amount_paise),
        received_paise  bigint      not null default 0 check (received_paise >= 0 and received_paise <= amount_paise),
        source          text        not null check (source in ('help-request', 'withdrawal', 'ph-completed')),
        source_id       text        not null,
        since           timestamptz not null
      )`);
    await q.query(
      `create index queue_entries_waiting_idx on queue_entries (side, since, id) where remaining_paise > 0`,
    );
    await q.query(`create index queue_entries_uid_idx on queue_entries (uid)`);

    await q.query(`
      create table help_links (
        id               text        primary key,
        ph_entry_id      text        not null references queue_entries (id),
        gh_entry_id      text        not null references queue_entries (id),
        sender_uid       char(6)     not null,
        receiver_uid     char(6)     not null,
        sender_name      text        not null,
        sender_mobile    text        not null,
        receiver_name    text        not null,
        receiver_mobile  text        not null,
        amount_paise     bigint      not null check (amount_paise > 0),
        state            text        not null check (state in ('Pending', 'Paid', 'Received', 'Cancel', 'Expired', 'Disputed')),
        settled          boolean     not null default false,
        utr              text,
        remark           text        not null default '',
        gh_remark        text        not null default '',
        bank_name        text        not null,
        branch           text        not null,
        ifsc             text        not null,
        accountnumber    text        not null,
        holder           text        not null,
        gpay             text        not null,
        deadline         timestamptz not null,
        created_at       timestamptz not null,
        paid_at          timestamptz,
        received_at      timestamptz,
        cancelled_at     timestamptz,
        disputed_at      timestamptz,
        closed_at        timestamptz,
        manual           boolean     not null,
        version          integer     not null,
        check (sender_uid <> receiver_uid)
      )`);
    await q.query(`create index help_links_sender_idx on help_links (sender_uid, created_at desc)`);
    await q.query(`create index help_links_receiver_idx on help_links (receiver_uid, created_at desc)`);
    await q.query(`create index help_links_open_idx on help_links (state, deadline) where not settled`);
    await q.query(`create index help_links_created_idx on help_links (created_at)`);

    // One UTR, one use, across help links and e-pin requests (case and surrounding spaces ignored).
    await q.query(`
      create table utr_claims (
        utr_key    text        primary key,
        utr        text        not null,
        source     text        not null check (source in ('help-link', 'epin-request')),
        source_id  text        not null,
        uid        char(6)     not null,
        claimed_at timestamptz not null
      )`);
    await q.query(`insert into utr_claims (utr_key, utr, source, source_id, uid, claimed_at)
      select upper(btrim(utrno)), utrno, 'epin-request', id, uid, requested_at from epin_requests on conflict do nothing`);

    await q.query(`
      create table utr_flags (
        id              text        primary key,
        utr             text        not null,
        uid             char(6)     not null,
        help_link_id    text,
        epin_request_id text,
        claimed_source  text        not null,
        claimed_id      text        not null,
        at              timestamptz not null
      )`);
    await q.query(`create index utr_flags_at_idx on utr_flags (at desc)`);

    await q.query(`
      create table withdrawals (
        id            text        primary key,
        uid           char(6)     not null,
        amount_paise  bigint      not null check (amount_paise > 0),
        charge_paise  bigint      not null check (charge_paise >= 0),
        payout_paise  bigint      not null check (payout_paise >= 0),
        status        text        not null check (status in ('Requested', 'Approved', 'Paid', 'Rejected')),
        remark        text        not null default '',
        requested_at  timestamptz not null,
        decided_at    timestamptz,
        decided_by    text,
        link_at       timestamptz,
        paid_at       timestamptz,
        version       integer     not null
      )`);
    await q.query(`create index withdrawals_uid_idx on withdrawals (uid, requested_at desc)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['withdrawals', 'utr_flags', 'utr_claims', 'help_links', 'queue_entries'])
      await q.query(`drop table ${t}`);
    await q.query(`drop index help_requests_entitlement_due_idx`);
    await q.query(`alter table help_requests drop constraint help_requests_status_check`);
    await q.query(`alter table help_requests drop column outcome, drop column remark, drop column decided_at, drop column decided_by,
      drop column given_paise, drop column failures, drop column closed_at, drop column entitlement_paise,
      drop column entitlement_due_at, drop column entitlement_at, drop column version`);
  }
}
