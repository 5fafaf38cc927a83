/**
 * E-mail goes out through nodemailer over SMTP_URL. Without SMTP_URL the mail, code included,
 * is written to the server log instead, so a local demo works with no mail server.
 */
import type { InfoLog } from '../sms';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly name: string;
  send(mail: Mail): Promise<void>;
  close(): void;
}

class SmtpMailer implements Mailer {
  readonly name = 'smtp';
  private readonly transport: nodemailer.Transporter;

  constructor(url: string, private readonly from: string) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }

  close(): void {
    this.transport.close();
  }
}

class LogMailer implements Mailer {
  readonly name = 'log';

  constructor(private readonly log: InfoLog) {}

  async send(mail: Mail): Promise<void> {
    this.log.info({ mail: { to: mail.to } }, `E-mail to ${mail.to} (no SMTP_URL set): ${mail.subject}\n${mail.text}`);
  }

  close(): void {}
}

export function createMailer(smtpUrl: string | null, from: string, log: InfoLog): Mailer {
  return smtpUrl ? new SmtpMailer(smtpUrl, from) : new LogMailer(log);
}
