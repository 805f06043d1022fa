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
  constructor(url: string, private readonly from: string) {
    this.transporter = createTransport(url);
  }
  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.body });
  }
}

/**
 * The local double: nothing leaves the machine. The message stays readable in the mail_outbox
 * table (admin-web "Mails") and is printed to the worker's console for development.
 */
export class CatcherTransport implements MailTransport {
  readonly name = 'catcher';
  constructor(private readonly log: (line: string) => void = (line) => console.log(line)) {}
  async send(mail: OutgoingMail): Promise<void> {
    this.log(`[mail-catcher] to=${mail.to} subject="${mail.subject}"\n${mail.body}`);
  }
}
