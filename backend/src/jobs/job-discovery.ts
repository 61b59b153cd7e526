import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Job, Processor } from 'bullmq';
import { ADMIN_QUEUE, BILLING_QUEUE, BOOST_QUEUE, MAIL_QUEUE } from '@cloud9/contracts';
import { DECLARED_JOBS, EXPORTS_QUEUE, HASHTAGS_QUEUE, MEDIA_QUEUE, PUSH_QUEUE, type QueueName } from './job-map';
import { JOB_HANDLER, type JobHandlerTarget } from './job-handler.decorator';
import { JobsService } from './jobs.service';

/** A job map entry and its handlers do not match: a job with no handler, or with more than one. */
export class JobHandlersError extends Error {
  constructor(problems: string[]) {
    super(`Job handlers do not match the job map: ${problems.join('; ')}`);
    this.name = 'JobHandlersError';
  }
}

/** One @JobHandler method, bound to its provider. */
interface FoundHandler {
  target: JobHandlerTarget;
  /** Provider.method, for the start-up error. */
  where: string;
  handle: (job: Job) => Promise<unknown>;
}

/** The failed reason of a job its queue has no handler for, in each worker's own words. */
const UNKNOWN_JOB: Record<QueueName, string> = { [ADMIN_QUEUE]: 'unknown admin job', [BOOST_QUEUE]: 'unknown job', [BILLING_QUEUE]: 'unknown job', [MEDIA_QUEUE]: 'unknown job', [HASHTAGS_QUEUE]: 'unknown job', [MAIL_QUEUE]: 'unknown job', [EXPORTS_QUEUE]: 'unknown job', [PUSH_QUEUE]: 'unknown job' };

/**
 * Finds every @JobHandler method of the app's providers at start-up, checks that each job of the
 * job map has exactly one (start-up fails otherwise, even where no worker runs), and starts one
 * worker per queue that hands each job to its handler (JobsService starts none under ROLE=api).
 */
@Injectable()
export class JobHandlerDiscovery implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly jobs: JobsService,
  ) {}

  onModuleInit(): void {
    for (const [queue, handlers] of this.matchToJobMap(this.findHandlers())) this.jobs.startWorker(queue, this.processor(queue, handlers));
  }

  private findHandlers(): FoundHandler[] {
    const found: FoundHandler[] = [];
    const seen = new Set<object>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      // Request-scoped providers have no instance to call; an alias is a provider seen again.
      if (!instance || typeof instance !== 'object' || wrapper.isAlias || !wrapper.isDependencyTreeStatic() || seen.has(instance)) continue;
      seen.add(instance);
      const methods = instance as Record<string, unknown>;
      for (const key of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
        const method = methods[key];
        if (typeof method !== 'function') continue;
        const target = this.reflector.get<JobHandlerTarget | undefined>(JOB_HANDLER, method);
        if (target) found.push({ target, where: `${instance.constructor.name}.${key}`, handle: (job) => method.call(instance, job) });
      }
    }
    return found;
  }

  /** The handlers by queue and job name; throws JobHandlersError unless every declared job has exactly one. */
  private matchToJobMap(found: FoundHandler[]): Map<QueueName, Map<string, FoundHandler>> {
    const problems: string[] = [];
    const byQueue = new Map<QueueName, Map<string, FoundHandler>>();
    for (const [queue, names] of Object.entries(DECLARED_JOBS) as [QueueName, Record<string, true>][]) {
      const handlers = new Map<string, FoundHandler>();
      for (const name of Object.keys(names)) {
        const candidates = found.filter((h) => h.target.queue === queue && h.target.name === name);
        if (candidates.length === 0) problems.push(`${queue}/${name} has no handler`);
        else if (candidates.length > 1) problems.push(`${queue}/${name} has ${candidates.length} handlers (${candidates.map((h) => h.where).join(', ')})`);
        else handlers.set(name, candidates[0]);
      }
      byQueue.set(queue, handlers);
    }
    if (problems.length) throw new JobHandlersError(problems);
    return byQueue;
  }

  private processor(queue: QueueName, handlers: Map<string, FoundHandler>): Processor {
    return async (job: Job) => {
      const handler = handlers.get(job.name);
      if (!handler) throw new Error(`${UNKNOWN_JOB[queue]} ${job.name}`);
      return handler.handle(job);
    };
  }
}
