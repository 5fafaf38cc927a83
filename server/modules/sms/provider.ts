/**
 * Text messages go through an SmsProvider. The only provider today is 'log': it writes each
 * message to the server log (where a developer or an operator of a demo reads the code) and
 * keeps the last ones in memory, which is also how the API tests read the codes they receive.
 */
/** Where log providers write: Fastify's logger, or anything with the same info(obj, msg). */
export interface InfoLog {
  info(obj: object, msg: string): void;
}

export interface SmsMessage {
  to: string;
  text: string;
  sentAt: Date;
}

export interface SmsProvider {
  readonly name: string;
  send(to: string, text: string): Promise<void>;
}

const OUTBOX_SIZE = 200;

export class LogSmsProvider implements SmsProvider {
  readonly name = 'log';
  readonly outbox: SmsMessage[] = [];

  constructor(private readonly log: InfoLog) {}

  async send(to: string, text: string): Promise<void> {
    this.outbox.push({ to, text, sentAt: new Date() });
    if (this.outbox.length > OUTBOX_SIZE) this.outbox.shift();
    this.log.info({ sms: { to } }, `SMS to ${to}: ${text}`);
  }
}

export function createSmsProvider(kind: 'log', log: InfoLog): SmsProvider {
  switch (kind) {
    case 'log':
      return new LogSmsProvider(log);
  }
}
