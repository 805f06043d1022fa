import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Help links made in batches (decision 0023): one `HelpLinksCreated` on the matching stream per
 * transaction. Each link row keeps the position of the event that created it (its batch, or the
 * link's own `HelpLinkCreated` in ledgers written before), so its history can start there.
 */
export class HelpLinkBatches1763800012500 implements MigrationInterface {
  name = 'HelpLinkBatches1763800012500';

  async up(q: QueryRunner): Promise<void> {
    await q.query('alter table help_links add column created_position bigint');
    await q.query(`update help_links l set created_position = e.position
      from events e where e.stream_id = 'help-link-' || l.id and e.stream_version = 1`);
    await q.query('alter table help_links alter column created_position set not null');
    // The links' entries are checked where the links are projected: the queue update of the same
    // event must change every entry it names (ledger_assert), so these foreign keys only repeated
    // that check, one lookup per link and side (half the cost of inserting a batch of links).
    await q.query('alter table help_links drop constraint help_links_ph_entry_id_fkey');
    await q.query('alter table help_links drop constraint help_links_gh_entry_id_fkey');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('alter table help_links add foreign key (ph_entry_id) references queue_entries (id)');
    await q.query('alter table help_links add foreign key (gh_entry_id) references queue_entries (id)');
    await q.query('alter table help_links drop column created_position');
  }
}
