import { createTransport, Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
}

export interface MailTransport {
  readonly name: string;
  send(mail: OutgoingMail): Promise<void>;
}

/** Real SMTP, configured by MAIL_URL (smtp://user:pass@host:port). */
export class SmtpTransport implements MailTransport {
  readonly name = 'smtp';
  private readonly transporter: Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transporter = createTransport(url);
  }
  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.body });
  }
}

const LINK_TOKEN = /([?&]token=)[^\s&]+/g;

/**
 * A mail body as staff and logs may see it: the token of every link (a password reset's) is
 * replaced, so reading a mail never lets anyone but its addressee use the link.
 */
export function maskMailSecrets(body: string): string {
  return body.replace(LINK_TOKEN, '$1[hidden]');
}

/**
 * The local double: nothing leaves the machine. The message stays in the mail_outbox table
 * (admin-web "Mails", superadmin only) and is printed to the worker's console, both with link
 * tokens masked: the catcher shows that a mail went out and what it said, never a usable link.
 */
export class CatcherTransport implements MailTransport {
  readonly name = 'catcher';
  constructor(private readonly log: (line: string) => void = (line) => console.log(line)) {}
  async send(mail: OutgoingMail): Promise<void> {
    this.log(`[mail-catcher] to=${mail.to} subject="${mail.subject}"\n${maskMailSecrets(mail.body)}`);
  }
}
