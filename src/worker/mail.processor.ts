import { Sql } from '../platform/db/sql';
import { OutboxJob } from '../platform/jobs/queues';
import { renderLinkSecrets } from '../platform/mail/link-secrets';
import { MailTransport } from '../platform/mail/mail';

/**
 * Sends the mail row committed with the event. Safe to run twice: a row already sent is skipped.
 * A crash between sending and marking may send a mail twice (at-least-once), never zero times.
 * The stored body has no link secrets; they are rendered here, for the transport only.
 */
export async function processMailJob(
  sql: Sql,
  transport: MailTransport,
  job: OutboxJob,
  /** mailLinkKey(JWT_SECRET): renders the link secrets the stored row leaves out. */
  linkKey: Buffer,
): Promise<'sent' | 'already-sent' | 'no-mail'> {
  const [row] = await sql.query<{
    id: string;
    to_address: string;
    subject: string;
    body: string;
    sent_at: Date | null;
  }>('select id::text as id, to_address, subject, body, sent_at from mail_outbox where event_position = $1', [
    job.position,
  ]);
  if (!row) return 'no-mail';
  if (row.sent_at) return 'already-sent';
  await transport.send({ to: row.to_address, subject: row.subject, body: renderLinkSecrets(row.body, linkKey) });
  await sql.execute('update mail_outbox set sent_at = now(), transport = $2 where id = $1 and sent_at is null', [
    row.id,
    transport.name,
  ]);
  return 'sent';
}
