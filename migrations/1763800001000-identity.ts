import { MigrationInterface, QueryRunner } from 'typeorm';
import { COUNTRIES } from './data/countries';

/**
 * Identity read tables (projections of member and admin streams), the credential tables (secrets
 * kept out of the exported ledger, append-only by version) and reference data.
 */
export class Identity1763800001000 implements MigrationInterface {
  name = 'Identity1763800001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create table members (
        uid                  char(6)     primary key,
        sponsor_uid          char(6)     references members (uid),
        name                 text        not null,
        email                text        not null,
        mobile               text        not null,
        country_id           integer     not null,
        city                 text        not null,
        state                text        not null,
        upi_number           text        not null,
        wallet_address       text        not null default '',
        status               text        not null default 'Inactive' check (status in ('Active', 'Inactive')),
        isagree              boolean     not null default false,
        blocked              boolean     not null default false,
        registered_at        timestamptz not null,
        activated_at         timestamptz,
        current_package_paise bigint     not null default 0,
        total_package_paise  bigint      not null default 0,
        failed_logins        integer     not null default 0,
        locked_until         timestamptz,
        last_login_at        timestamptz,
        credential_version   integer     not null default 1,
        version              integer     not null
      )`);
    await q.query(`create index members_sponsor_idx on members (sponsor_uid)`);
    await q.query(`create index members_registered_idx on members (registered_at)`);

    // Closure table of the sponsor tree: one row per (ancestor, descendant) with the level.
    await q.query(`
      create table member_tree (
        ancestor_uid   char(6) not null,
        descendant_uid char(6) not null,
        depth          integer not null check (depth > 0),
        primary key (ancestor_uid, descendant_uid)
      )`);
    await q.query(`create index member_tree_descendant_idx on member_tree (descendant_uid, depth)`);

    await q.query(`
      create table password_resets (
        token_id    uuid        primary key,
        uid         char(6)     not null,
        secret_hash char(64)    not null,
        expires_at  timestamptz not null,
        used_at     timestamptz
      )`);

    await q.query(`
      create table admin_users (
        username           text        primary key,
        role               text        not null check (role in ('superadmin', 'approver', 'support', 'auditor')),
        disabled           boolean     not null default false,
        created_at         timestamptz not null,
        last_login_at      timestamptz,
        credential_version integer     not null default 1,
        version            integer     not null
      )`);

    await q.query(`
      create table impersonation_tokens (
        token_id    uuid        primary key,
        admin       text        not null,
        uid         char(6)     not null,
        expires_at  timestamptz not null,
        redeemed_at timestamptz
      )`);

    // Password hashes are secrets, not ledger facts: the events record that a credential
    // changed (and its version); the hash lives here, one row per version, never updated.
    for (const table of ['member_credentials', 'admin_credentials']) {
      await q.query(`
        create table ${table} (
          principal     text        not null,
          version       integer     not null,
          password_hash text        not null,
          txn_password_hash text,
          created_at    timestamptz not null default now(),
          primary key (principal, version)
        )`);
      await q.query(`revoke update, delete, truncate on ${table} from sahyog_app`);
    }

    // Mail leaves through the outbox: the relay turns the event into a job that sends this row.
    await q.query(`
      create table mail_outbox (
        id              bigint generated always as identity primary key,
        event_position  bigint      not null unique,
        to_address      text        not null,
        subject         text        not null,
        body            text        not null,
        created_at      timestamptz not null default now(),
        sent_at         timestamptz,
        transport       text
      )`);

    await q.query(`create table countries (id integer primary key, name text not null, phonecode text not null, sort integer not null)`);
    const values = COUNTRIES.map((c, i) => `(${c[0]}, '${c[1].replace(/'/g, "''")}', '+${c[2]}', ${i})`).join(',\n');
    await q.query(`insert into countries (id, name, phonecode, sort) values ${values}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['countries', 'mail_outbox', 'admin_credentials', 'member_credentials', 'impersonation_tokens', 'admin_users', 'password_resets', 'member_tree', 'members']) {
      await q.query(`drop table ${t}`);
    }
  }
}
