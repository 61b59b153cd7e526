import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { MAIL_QUEUE } from '@cloud9/contracts';
import Redis from 'ioredis';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { REDIS, RedisKeys } from '../../common/redis.module';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { MAIL_SEND_JOB, type JobResult, type MailJobData, type QueueJob } from '../../jobs/job-map';
import { JobsService } from '../../jobs/jobs.service';
import { renderMail } from './mail-templates';
import { mailTransport, type MailTransport } from './mail-transport';

/** How long a sent mail's mark is kept: well past the last retry of its job (job-policy.ts). */
const SENT_MARK_SECONDS = 7 * 24 * 3600;

/**
 * Every outgoing mail: `send` enqueues it as a job of the `mail` queue (the request that caused it
 * never waits for a mail server), and the worker (wherever workers run: ROLE all or worker) renders
 * and hands it over, retried by the project's policy while the mail server is away or refuses.
 *
 * Once, not twice: the caller names each mail by a stable id (`verify-email.<token id>`, ...), which
 * is its job id (BullMQ keeps one job per id) and its Message-ID; after the server accepted it the
 * job's mark is set in Redis, and an attempt that finds the mark (a retry after a lost answer, a job
 * taken back from a dead worker) sends nothing. A sent job is removed at once: its data holds the link.
 */
@Injectable()
export class MailService implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly transport: MailTransport;
  private readonly host: string;

  constructor(
    private readonly jobs: JobsService,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {
    this.transport = mailTransport(settings);
    this.host = new URL(settings.publicUrl).hostname;
  }

  /** Enqueues one mail under its stable id (letters, digits, dots and hyphens); 503 when Redis does not answer. */
  async send(id: string, mail: MailJobData): Promise<void> {
    await this.jobs.add(MAIL_QUEUE, MAIL_SEND_JOB, mail, { jobId: id, removeOnComplete: true });
  }

  /** PUBLIC_URL + path + `?token=`: the link a mail carries. */
  link(path: string, token: string): string {
    return `${this.settings.publicUrl}${path}?token=${encodeURIComponent(token)}`;
  }

  @JobHandler(MAIL_QUEUE, MAIL_SEND_JOB)
  async deliver(job: QueueJob<typeof MAIL_QUEUE, typeof MAIL_SEND_JOB>): Promise<JobResult<typeof MAIL_QUEUE, typeof MAIL_SEND_JOB>> {
    const id = String(job.id);
    const messageId = `<${id}@${this.host}>`;
    const mark = this.keys.mailSent(id);
    if (await this.redis.exists(mark)) return { sent: false, messageId };
    await this.transport.send({ ...renderMail(job.data, this.settings.publicUrl), to: job.data.to, messageId });
    await this.redis.set(mark, '1', 'EX', SENT_MARK_SECONDS);
    this.logger.debug(`mail ${job.data.template} ${id} handed over`);
    return { sent: true, messageId };
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
