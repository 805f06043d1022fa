import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Profile, bank details and wallet address (issue 12). `member_profiles` is a projection (one row
 * per member, from MemberRegistered and the member's `profile-<uid>` stream; rebuilt by `ledger
 * replay`); `member_kyc` keeps the full PAN and Aadhaar beside the ledger, one row per version,
 * never updated (the events carry them masked: docs/decisions/0025).
 */
export class Profile1763800013000 implements MigrationInterface {
  name = 'Profile1763800013000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create table member_profiles (
        uid              char(6)     primary key,
        state            text        not null default '',
        district         text        not null default '',
        city             text        not null default '',
        pincode          text        not null default '',
        nominee_name     text        not null default '',
        nominee_relation text        not null default '',
        profile_updated_at timestamptz,
        account_number   text        not null default '',
        holder           text        not null default '',
        ifsc             text        not null default '',
        bank_name        text        not null default '',
        branch           text        not null default '',
        upi_number       text        not null default '',
        pan_masked       text        not null default '',
        aadhaar_masked   text        not null default '',
        kyc_version      integer     not null default 0,
        bank_locked      boolean     not null default false,
        bank_saved_at    timestamptz,
        wallet_address   text        not null default '',
        wallet_locked    boolean     not null default false,
        wallet_saved_at  timestamptz,
        unlocked_at      timestamptz,
        unlocked_by      text,
        unlock_reason    text,
        version          integer     not null
      )`);
    // Members registered before this release: their profile starts from the registration (state), at stream version 0.
    await q.query(
      `insert into member_profiles (uid, state, wallet_address, version) select uid, state, wallet_address, 0 from members`,
    );

    await q.query(`
      create table member_kyc (
        uid        char(6)     not null,
        version    integer     not null,
        pan        text        not null,
        aadhaar    text        not null,
        created_at timestamptz not null default now(),
        primary key (uid, version)
      )`);
    await q.query(`revoke update, delete, truncate on member_kyc from sahyog_app`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`drop table member_kyc`);
    await q.query(`drop table member_profiles`);
  }
}
