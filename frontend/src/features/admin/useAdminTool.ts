import { useCallback, useState, type ReactNode } from 'react';
import { notify } from '../../components/notify';
import type { MaybePending } from './adminApi';
import { isAbortError } from './adminErrors';
import { useAdminJob, type AdminJobState, type JobResultMapper } from './useAdminJob';

export interface ToolOutcome {
  tone: 'success' | 'error';
  message: string;
  /** Shown under the message in the tool's status area (a result's fields, a user's details). */
  details?: ReactNode;
  /** Announced by the app's alert surface, so the card shows it without announcing it again. */
  alerted?: boolean;
}

export interface AdminTool {
  job: AdminJobState;
  outcome: ToolOutcome | null;
  /** Runs a request (polling it if it becomes a job); clears the previous outcome. */
  run: <R>(activity: string, start: (signal: AbortSignal) => Promise<MaybePending<R>>, fromJob?: JobResultMapper<R>) => Promise<R>;
  /** Shows the outcome on the page only. */
  show: (outcome: ToolOutcome) => void;
  /** Shows the outcome on the page and announces it through the app's alert surface (an in-app toast). */
  alert: (outcome: ToolOutcome) => void;
  /** A failed run: logged, shown and alerted. Leaving the page mid-run (abort) says nothing. */
  fail: (err: unknown, message: string) => void;
}

/** The state of one tool card: its running job and the outcome of its last run. */
export function useAdminTool(): AdminTool {
  const { run: runJob, ...job } = useAdminJob();
  const [outcome, setOutcome] = useState<ToolOutcome | null>(null);

  const run = useCallback(
    <R,>(activity: string, start: (signal: AbortSignal) => Promise<MaybePending<R>>, fromJob?: JobResultMapper<R>) => {
      setOutcome(null);
      return runJob<R>(activity, start, fromJob);
    },
    [runJob],
  );

  const alert = useCallback((next: ToolOutcome) => {
    setOutcome({ ...next, alerted: true });
    notify(next.message, next.tone);
  }, []);

  const fail = useCallback(
    (err: unknown, message: string) => {
      if (isAbortError(err)) return;
      console.error(message, err);
      alert({ tone: 'error', message });
    },
    [alert],
  );

  return { job, outcome, run, show: setOutcome, alert, fail };
}
