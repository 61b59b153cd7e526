import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail the loopback server accepted, parsed. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** The link's token, when the mail carries one (`?token=`). */
  token: string | null;
  link: string | null;
}

const SMTP_USER = 'cloud9-test';
const SMTP_PASSWORD = 'smtp-test-password';

/** A whole message (an .eml file's bytes) as a mail client reads it: the first recipient, the subject, the parts. */
export async function readMail(raw: Buffer | string): Promise<{ to: string; subject: string; text: string; html: string }> {
  const parsed = await simpleParser(raw);
  return { to: addressOf(parsed), subject: parsed.subject ?? '', text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : '' };
}

const addressOf = (parsed: ParsedMail): string => {
  const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
  return (to?.value[0]?.address ?? '').toLowerCase();
};

/**
 * A real SMTP server on loopback (smtp-server) that asks for the test credentials, parses what it
 * accepts (mailparser) and keeps it. `stop` closes it (connections are refused, as with a server that
 * is down); `start` listens again on the same port.
 */
export class LoopbackSmtp {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  private make(): SMTPServer {
    return new SMTPServer({
      authOptional: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, done) =>
        auth.username === SMTP_USER && auth.password === SMTP_PASSWORD ? done(null, { user: auth.username }) : done(new Error('Invalid username or password')),
      onData: (stream, _session, done) => {
        simpleParser(stream)
          .then((parsed) => {
            const text = parsed.text ?? '';
            const link = /(https?:\/\/\S+\?token=[A-Za-z0-9_%-]+)/.exec(text)?.[1] ?? null;
            this.received.push({
              to: addressOf(parsed),
              subject: parsed.subject ?? '',
              text,
              html: typeof parsed.html === 'string' ? parsed.html : '',
              messageId: parsed.messageId ?? '',
              link,
              token: link ? decodeURIComponent(new URL(link).searchParams.get('token') ?? '') : null,
            });
            done();
          })
          .catch((error: Error) => done(error));
      },
    });
  }

  async start(): Promise<void> {
    this.server = this.make();
    const server = this.server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${this.port}`;
  }

  /** The mails to `address` so far (lower case). */
  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.to === address.toLowerCase());
  }

  /** Waits (within the test's timeout) until `count` mails to `address` matching `subject` have arrived; returns them. */
  async waitFor(address: string, subject: RegExp, count = 1): Promise<ReceivedMail[]> {
    for (;;) {
      const found = this.to(address).filter((m) => subject.test(m.subject));
      if (found.length >= count) return found;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}
