import { SetMetadata } from '@nestjs/common';
import type { JobName, JobResult, QueueJob, QueueName } from './job-map';

export const JOB_HANDLER = 'cloud9:job-handler';

/** Which job a method handles (read at start-up by JobHandlerDiscovery). */
export interface JobHandlerTarget {
  queue: QueueName;
  name: string;
}

/** A method that can handle job `N` of queue `Q`: it takes the job (or nothing) and returns its result. */
export type JobHandlerMethod<Q extends QueueName, N extends JobName<Q>> = (job: QueueJob<Q, N>) => Promise<JobResult<Q, N>>;

/**
 * Marks a provider's method as the handler of one job of the job map; a method whose parameters or
 * result do not fit the job does not compile. Every job has exactly one handler, or start-up fails.
 */
export function JobHandler<Q extends QueueName, N extends JobName<Q>>(queue: Q, name: N) {
  const target: JobHandlerTarget = { queue, name };
  return <M extends JobHandlerMethod<Q, N>>(prototype: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>): void => {
    SetMetadata(JOB_HANDLER, target)(prototype, key, descriptor);
  };
}
