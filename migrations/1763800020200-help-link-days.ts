import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Links made per India calendar day (decision 0047), kept by the help-link-days projection: the
 * dashboard's and network health's 7-day matching pace read 7 rows instead of summing every link
 * of the week per call. Backfilled here from `help_links` (every link ever made has its row there,
 * `created_at` its event's time) — what replay rebuilds from the events.
 */
export class HelpLinkDays1763800020200 implements MigrationInterface {
  name = 'HelpLinkDays1763800020200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create table help_link_days (
        day          date    primary key,
        links        integer not null check (links > 0),
        amount_paise bigint  not null check (amount_paise >= 0)
      )`);
    await q.query(`
      insert into help_link_days (day, links, amount_paise)
      select (created_at at time zone 'Asia/Kolkata')::date, count(*), sum(amount_paise)
        from help_links group by 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('drop table help_link_days');
  }
}
