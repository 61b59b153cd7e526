import { Inject, Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS, RedisKeys } from '../../common/redis.module';
import type { EventPayload } from '../../common/events/event-map';
import { OnEvent } from '../../common/events/on-event.decorator';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { RetryLater } from '../../jobs/job-errors';
import { retryDelayMs } from '../../jobs/job-policy';
import { PUSH_ALERT_JOB, PUSH_DM_JOB, PUSH_NOTICE_JOB, PUSH_QUEUE, PUSH_SEND_JOB, type PushMessage, type PushOutcome, type QueueJob } from '../../jobs/job-map';
import { JobsService } from '../../jobs/jobs.service';
import { AlertGroupsService } from '../notifications/alert-groups.service';
import { AlertSettingsService } from '../notifications/alert-settings.service';
import { NotificationStatusService } from '../notifications/notification-status.service';
import { PageVisibility } from '../realtime/page-visibility.service';
import { alertMessage, directMessage, noticeBody, noticeMessage, pushTypeOf } from './push-payloads';
import { PushRepository, type PushSubscriptionRow } from './push.repository';
import { PushSender } from './push-sender';
import { VapidKeys } from './vapid-keys';

/** Subscriptions per batch job of a notice's fan-out. */
const NOTICE_BATCH = 500;
/** Deliveries of one job in flight at once. */
const IN_FLIGHT = 64;
/** How long a job's record of the subscriptions it delivered to is kept: past its last retry (job-policy.ts). */
const SENT_MARK_SECONDS = 24 * 3600;

const nothing = (): PushOutcome => ({ delivered: 0, skipped: 0, dropped: 0, retrying: 0 });

/** Runs `work` over `items`, at most `limit` at once. */
async function inFlight<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Web Push delivery, as jobs of the `push` queue (decision 0096), enqueued after the commit of what
 * they announce (domain events): a raised alert (`alert`: its recipient's devices), a staff notice
 * (`notice`: a keyset page of NOTICE_BATCH subscriptions per job, each enqueuing the next), one message
 * to one subscription (`send`: a test push, or a delivery tried again).
 *
 * What is pushed: only what the member's push switch allows (an alert type they turned off was never
 * stored), and nothing while a page of theirs is visible (PageVisibility): then the socket has it.
 * Each job records the subscriptions it has handled in Redis (`push-sent:<job id>`), so an attempt
 * after a crash or a lost answer skips them: a push goes out once. 404/410 deletes the subscription;
 * a redirect or a name resolving to a private address drops it; 429, 5xx and network failures become a
 * `send` job retried by the project's policy, waiting at least the Retry-After.
 */
@Injectable()
export class PushDelivery {
  private readonly logger = new Logger('Push');

  constructor(
    private readonly jobs: JobsService,
    private readonly repository: PushRepository,
    private readonly sender: PushSender,
    private readonly vapid: VapidKeys,
    private readonly alertSettings: AlertSettingsService,
    private readonly status: NotificationStatusService,
    private readonly groups: AlertGroupsService,
    private readonly visibility: PageVisibility,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  /** One job per raised alert, named by the alert (enqueued twice, it is still one job). */
  @OnEvent('alerts.raised')
  async alertsRaised({ alerts }: EventPayload<'alerts.raised'>): Promise<void> {
    await Promise.all(alerts.map(({ recipientId, alert }) => this.jobs.add(PUSH_QUEUE, PUSH_ALERT_JOB, { recipientId, alert }, { jobId: `push-alert-${alert.id}` })));
  }

  @OnEvent('notice.posted')
  async noticePosted({ notice }: EventPayload<'notice.posted'>): Promise<void> {
    await this.jobs.add(PUSH_QUEUE, PUSH_NOTICE_JOB, { noticeId: notice.id, body: noticeBody(notice.content), afterId: 0 }, { jobId: `push-notice-${notice.id}-0` });
  }

  /**
   * A direct message: a job per recipient with a subscribed device who has not muted the conversation,
   * named by the message and the recipient. The text is fixed now (the recipient's "hide message text" as it was when sent).
   */
  @OnEvent('dm.sent')
  async dmSent({ message, senderName, recipients }: EventPayload<'dm.sent'>): Promise<void> {
    // Most members have no device subscribed: one read keeps them out of the queue.
    const subscribed = await this.repository.subscribed(recipients.filter((r) => !r.muted).map((r) => r.userId));
    const told = recipients.filter((r) => subscribed.has(r.userId) && !r.muted);
    if (!told.length) return;
    const unseen = await this.status.unseenAlerts(told.map((r) => r.userId));
    await Promise.all(
      told.map((r) =>
        this.jobs.add(PUSH_QUEUE, PUSH_DM_JOB, { recipientId: r.userId, message: directMessage(message, senderName, r.request, r.hidePushText, unseen.get(r.userId) ?? 0) }, { jobId: `push-dm-${message.id}-${r.userId}` }),
      ),
    );
  }

  /** An ended session (sign-out, ended from the list, a password reset, a suspension) takes its device's subscriptions with it. */
  @OnEvent('sessions.ended')
  async sessionsEnded({ sessionIds }: EventPayload<'sessions.ended'>): Promise<void> {
    await this.repository.removeBySessions(sessionIds);
  }

  /** A test push (Settings): one `send` job, which ignores the switches and the visible page. */
  async enqueueTest(subscriptionId: number, message: PushMessage): Promise<void> {
    await this.jobs.add(PUSH_QUEUE, PUSH_SEND_JOB, { subscriptionId, message });
  }

  @JobHandler(PUSH_QUEUE, PUSH_ALERT_JOB)
  async pushAlert(job: QueueJob<typeof PUSH_QUEUE, typeof PUSH_ALERT_JOB>): Promise<PushOutcome> {
    const { recipientId, alert } = job.data;
    // Most members have no device subscribed: that one read ends their job before the others.
    const subscriptions = await this.repository.ofUser(recipientId);
    if (!subscriptions.length) return nothing();
    const skipped = { ...nothing(), skipped: 1 };
    if (!(await this.alertSettings.pushWanted([recipientId], pushTypeOf(alert))).has(recipientId)) return skipped;
    if ((await this.visibility.lookingNow([recipientId])).size) return skipped;
    const [actors, unseen] = await Promise.all([this.groups.groupActors(recipientId, alert.id), this.status.unseenAlerts([recipientId])]);
    // The alert was withdrawn (an unlike) or hidden meanwhile: nothing to tell.
    if (actors === 0) return skipped;
    const message = alertMessage(alert, actors, unseen.get(recipientId) ?? 0, this.vapid.current().privateKey);
    return this.deliverAll(String(job.id), subscriptions.map((subscription) => ({ subscription, message })));
  }

  /** A direct message to its recipient's devices, unless a page of theirs is visible (the socket has it). */
  @JobHandler(PUSH_QUEUE, PUSH_DM_JOB)
  async pushDirectMessage(job: QueueJob<typeof PUSH_QUEUE, typeof PUSH_DM_JOB>): Promise<PushOutcome> {
    const { recipientId, message } = job.data;
    const subscriptions = await this.repository.ofUser(recipientId);
    if (!subscriptions.length) return nothing();
    if ((await this.visibility.lookingNow([recipientId])).size) return { ...nothing(), skipped: 1 };
    return this.deliverAll(String(job.id), subscriptions.map((subscription) => ({ subscription, message })));
  }

  @JobHandler(PUSH_QUEUE, PUSH_NOTICE_JOB)
  async pushNoticeBatch(job: QueueJob<typeof PUSH_QUEUE, typeof PUSH_NOTICE_JOB>): Promise<PushOutcome> {
    const { noticeId, body, afterId } = job.data;
    const page = await this.repository.page(afterId, NOTICE_BATCH);
    if (page.length === NOTICE_BATCH) {
      const lastId = page[page.length - 1].id;
      await this.jobs.add(PUSH_QUEUE, PUSH_NOTICE_JOB, { noticeId, body, afterId: lastId }, { jobId: `push-notice-${noticeId}-${lastId}` });
    }
    const userIds = [...new Set(page.map((s) => s.user_id))];
    const [wanted, looking, unseen] = await Promise.all([this.alertSettings.pushWanted(userIds, 'notice'), this.visibility.lookingNow(userIds), this.status.unseenAlerts(userIds)]);
    const targets = page.filter((s) => wanted.has(s.user_id) && !looking.has(s.user_id));
    const outcome = await this.deliverAll(
      String(job.id),
      targets.map((subscription) => ({ subscription, message: noticeMessage(noticeId, body, unseen.get(subscription.user_id) ?? 0) })),
    );
    return { ...outcome, skipped: outcome.skipped + page.length - targets.length };
  }

  /** One message to one subscription; a 429, 5xx or network failure fails the attempt for the retry policy (at least Retry-After later). */
  @JobHandler(PUSH_QUEUE, PUSH_SEND_JOB)
  async pushOne(job: QueueJob<typeof PUSH_QUEUE, typeof PUSH_SEND_JOB>): Promise<PushOutcome> {
    const { subscriptionId, message } = job.data;
    const mark = this.keys.pushSent(String(job.id));
    if (await this.redis.exists(mark)) return { ...nothing(), skipped: 1 };
    const subscription = await this.repository.byId(subscriptionId);
    if (!subscription) return { ...nothing(), dropped: 1 };
    const result = await this.sender.send(subscription, JSON.stringify(message.payload), message);
    switch (result.kind) {
      case 'delivered':
        await this.redis.set(mark, '1', 'EX', SENT_MARK_SECONDS);
        return { ...nothing(), delivered: 1 };
      case 'gone':
      case 'refused':
        this.dropped(subscription, result.kind === 'gone' ? `answered ${result.status}` : result.reason);
        await this.repository.removeByIds([subscription.id]);
        return { ...nothing(), dropped: 1 };
      case 'retry':
        throw result.retryAfterMs !== null ? new RetryLater(result.reason, result.retryAfterMs) : new Error(result.reason);
      case 'failed':
        this.logger.warn(`push to subscription ${subscription.id} refused with ${result.status}`);
        return { ...nothing(), skipped: 1 };
    }
  }

  /**
   * Sends each message to its subscription, IN_FLIGHT at a time, skipping those this job handled
   * before; what is gone or refused is deleted, what must wait becomes a `send` job of its own.
   */
  private async deliverAll(jobId: string, items: { subscription: PushSubscriptionRow; message: PushMessage }[]): Promise<PushOutcome> {
    const outcome = nothing();
    if (!items.length) return outcome;
    const mark = this.keys.pushSent(jobId);
    const handled = new Set(await this.redis.smembers(mark));
    const todo = items.filter((i) => !handled.has(String(i.subscription.id)));
    outcome.skipped = items.length - todo.length;
    const drop: number[] = [];
    await inFlight(todo, IN_FLIGHT, async ({ subscription, message }) => {
      const result = await this.sender.send(subscription, JSON.stringify(message.payload), message);
      if (result.kind === 'delivered') outcome.delivered++;
      else if (result.kind === 'gone' || result.kind === 'refused') {
        this.dropped(subscription, result.kind === 'gone' ? `answered ${result.status}` : result.reason);
        drop.push(subscription.id);
        outcome.dropped++;
      } else if (result.kind === 'retry') {
        const delay = Math.max(retryDelayMs(1), result.retryAfterMs ?? 0);
        await this.jobs.add(PUSH_QUEUE, PUSH_SEND_JOB, { subscriptionId: subscription.id, message }, { jobId: `push-retry-${jobId}-${subscription.id}`, delay });
        outcome.retrying++;
      } else {
        this.logger.warn(`push to subscription ${subscription.id} refused with ${result.status}`);
        outcome.skipped++;
      }
      await this.redis.sadd(mark, String(subscription.id));
    });
    // The record outlives the job's retries; set once, after the batch (a crash before leaves it to the next attempt).
    await this.redis.expire(mark, SENT_MARK_SECONDS);
    await this.repository.removeByIds(drop);
    return outcome;
  }

  private dropped(subscription: PushSubscriptionRow, why: string): void {
    this.logger.log(`push subscription ${subscription.id} of user ${subscription.user_id} dropped: ${why}`);
  }
}
