import { Logger } from '@nestjs/common';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import type { Settings } from '../../config/settings';
import type { RenderedMail } from './mail-templates';

/** One message ready to go: the rendered mail, its recipient and its fixed Message-ID. */
interface OutgoingMail extends RenderedMail {
  to: string;
  messageId: string;
}

/** Hands a message over: to the SMTP server, or (without SMTP_URL) into an .eml file. Throws when it could not. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * A mail server that does not answer must not hold the mail worker: connecting, its greeting and
 * each later step are bounded (a failed attempt is retried by the queue's policy).
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** SMTP_URL through nodemailer (smtp:// with STARTTLS when offered, smtps:// TLS from the start; credentials in the URL). */
class SmtpTransport implements MailTransport {
  private readonly transporter: Transporter;

  constructor(url: string, from: string) {
    // A URL's options parsed by nodemailer (host, port, secure, auth), then our bounds; one connection per message.
    this.transporter = createTransport(url, { from, ...SMTP_TIMEOUTS });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: mail.messageId });
  }

  close(): void {
    this.transporter.close();
  }
}

/** No SMTP_URL (a laptop): each message is written whole as `<MAIL_DIR>/<time>-<id>.eml`, and its path logged. */
class FileTransport implements MailTransport {
  private readonly logger = new Logger('Mail');
  private readonly transporter: Transporter;

  constructor(
    private readonly dir: string,
    from: string,
  ) {
    this.transporter = createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from });
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = (await this.transporter.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: mail.messageId })) as { message: Buffer };
    await fs.mkdir(this.dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.messageId.replace(/[^A-Za-z0-9.-]/g, '_')}.eml`;
    const file = path.join(this.dir, name);
    // Written beside, then renamed: a reader never sees half a message.
    await fs.writeFile(`${file}.part`, info.message);
    await fs.rename(`${file}.part`, file);
    this.logger.log(`mail written to ${file}`);
  }

  close(): void {
    this.transporter.close();
  }
}

export function mailTransport(settings: Pick<Settings, 'smtpUrl' | 'mailFrom' | 'mailDir'>): MailTransport {
  return settings.smtpUrl ? new SmtpTransport(settings.smtpUrl, settings.mailFrom) : new FileTransport(settings.mailDir, settings.mailFrom);
}
