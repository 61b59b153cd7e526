import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminJobPending } from '@cloud9/contracts';
import { fetchJobStatus, isJobPending, type MaybePending } from './adminApi';
import { JobFailedError } from './adminErrors';

/** How often a pending job's status is asked for. */
export const JOB_POLL_MS = 1000;

export interface AdminJobState {
  /** A request (or the job behind it) is in flight. */
  running: boolean;
  /** 0–100 from the polled job status; null until the server reports any (indeterminate). */
  progress: number | null;
  /** What is running, in words ('Backing up the database...'). */
  activity: string | null;
}

/** Maps a completed job's result to the answer its endpoint would have given. */
export type JobResultMapper<R> = (result: unknown, jobId: string) => R;

const IDLE: AdminJobState = { running: false, progress: null, activity: null };

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

const asProgress = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.min(100, Math.round(value))) : null;

/** Polls GET /api/admin/jobs/:queue/:jobId until the job completes (its result) or fails (throws). */
async function pollJob<R>(pending: AdminJobPending, signal: AbortSignal, onProgress: (progress: number | null) => void): Promise<R> {
  for (;;) {
    await wait(JOB_POLL_MS, signal);
    const status = await fetchJobStatus<R>(pending.queue, pending.jobId, signal);
    onProgress(asProgress(status.progress));
    if (status.state === 'completed') return status.result as R;
    if (status.state === 'failed') throw new JobFailedError(status.error || 'The job failed.');
    if (status.state === 'unknown') throw new JobFailedError(status.error || 'The job could not be found.');
  }
}

/**
 * Runs one admin request: when the server answers 202 (AdminJobPending) it polls the job every
 * second, exposing its progress, and resolves with the job's result as if the server had waited.
 * Leaving the page stops the polling (the pending promise rejects with an AbortError).
 */
export function useAdminJob() {
  const [state, setState] = useState<AdminJobState>(IDLE);
  const controllers = useRef(new Set<AbortController>());

  useEffect(() => {
    const live = controllers.current;
    return () => live.forEach((c) => c.abort());
  }, []);

  /**
   * `fromJob` turns a polled job's result (the job's own return value) into the endpoint's answer
   * shape; without it the result is taken as the answer.
   */
  const run = useCallback(async <R,>(activity: string, start: (signal: AbortSignal) => Promise<MaybePending<R>>, fromJob?: JobResultMapper<R>): Promise<R> => {
    const controller = new AbortController();
    controllers.current.add(controller);
    setState({ running: true, progress: null, activity });
    try {
      const body = await start(controller.signal);
      if (!isJobPending(body)) return body;
      const result = await pollJob<unknown>(body, controller.signal, (progress) => setState({ running: true, progress, activity }));
      return fromJob ? fromJob(result, body.jobId) : (result as R);
    } finally {
      controllers.current.delete(controller);
      if (!controller.signal.aborted) setState(IDLE);
    }
  }, []);

  return { ...state, run };
}
