/**
 * A real SMTP server (smtp-server) on 127.0.0.1 and a random port: the app's nodemailer
 * transport delivers to it, and tests read the codes from the mails they received.
 */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const unwrapped = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < unwrapped.length; i++) {
    const hex = unwrapped.slice(i + 1, i + 3);
    if (unwrapped[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unwrapped[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= or ?B?), as nodemailer writes non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_whole, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** Enough MIME for nodemailer's single-part text mails. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')
        : body;
  return { to, subject: decodeHeader(header('Subject')), text: text.replace(/\r\n/g, '\n').trim() };
}

export class Mailbox {
  readonly mails: ReceivedMail[] = [];
  private readonly server: SMTPServer;

  private constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
          this.mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
          callback();
        });
      },
    });
  }

  static async start(): Promise<{ mailbox: Mailbox; url: string }> {
    const mailbox = new Mailbox();
    await new Promise<void>((resolve) => mailbox.server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = mailbox.server.server.address() as AddressInfo;
    return { mailbox, url: `smtp://127.0.0.1:${port}` };
  }

  to(address: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.to.includes(address.toLowerCase()));
  }

  lastTo(address: string): ReceivedMail | undefined {
    return this.to(address).at(-1);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
