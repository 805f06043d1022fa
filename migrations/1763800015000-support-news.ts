import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Support and news (issue 12): members' help-desk tickets (open → replied → closed) and the news
 * admins publish. Both tables are projections (rebuilt by `ledger replay`).
 */
export class SupportNews1763800015000 implements MigrationInterface {
  name = 'SupportNews1763800015000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create table tickets (
        id          text        primary key,
        uid         char(6)     not null,
        query       text        not null,
        status      text        not null check (status in ('open', 'replied', 'closed')),
        reply       text        not null default '',
        replies     integer     not null default 0,
        raised_at   timestamptz not null,
        replied_at  timestamptz,
        replied_by  text,
        closed_at   timestamptz,
        closed_by   text,
        version     integer     not null
      )`);
    await q.query(`create index tickets_uid_idx on tickets (uid, raised_at desc)`);
    await q.query(`create index tickets_status_idx on tickets (status, raised_at desc)`);
    await q.query(`create index tickets_raised_idx on tickets (raised_at desc, id)`);

    await q.query(`
      create table news (
        id            text        primary key,
        content       text        not null,
        hidden        boolean     not null default false,
        published_at  timestamptz not null,
        published_by  text        not null,
        updated_at    timestamptz not null,
        updated_by    text        not null,
        version       integer     not null
      )`);
    await q.query(`create index news_visible_idx on news (published_at desc, id) where not hidden`);
    await q.query(`create index news_published_idx on news (published_at desc, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`drop table news`);
    await q.query(`drop table tickets`);
  }
}
