import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** One kind of request the load sends, over and over, to every instance. */
export interface Probe {
  kind: string;
  method?: 'GET' | 'POST';
  path: string;
  /** Sent with the session cookie of the load's user (see RequestLoad.cookie). */
  signedIn?: boolean;
  body?: object;
}

/** One answer the load received (times in ms from performance.now()). */
export interface Answer {
  instance: string;
  kind: string;
  signedIn: boolean;
  t0: number;
  t1: number;
  /** 0 when no answer came at all (connection refused or reset, or no answer within 5 s). */
  status: number;
  body: unknown;
}

export const now = () => performance.now();

export { RATE_LIMITS_OFF } from '../setup/test-env';

/**
 * A light, steady load on several app instances: one loop per instance and probe, each sending its
 * request, recording the answer and pausing `pauseMs`. Every answer is kept for the fault suites to
 * judge (status, body, latency, when).
 */
export class RequestLoad {
  readonly answers: Answer[] = [];
  /** The session cookie of signed-in probes; a suite may replace it (a new sign-in). */
  cookie = '';
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly instances: { name: string; url: string }[],
    private readonly probes: Probe[],
    private readonly pauseMs = 200,
  ) {}

  start(): void {
    this.running = true;
    for (const instance of this.instances) for (const probe of this.probes) this.loops.push(this.loop(instance, probe));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** The answers of one instance and probe kind since `from`, in the order they were sent. */
  of(instance: string, kind: string, from = 0): Answer[] {
    return this.answers.filter((a) => a.instance === instance && a.kind === kind && a.t0 >= from).sort((x, y) => x.t0 - y.t0);
  }

  /** Resolves once every instance answered every probe `good`ly, in a request sent after this call. */
  async allGood(good: (a: Answer) => boolean, timeoutMs: number): Promise<boolean> {
    const from = now();
    while (now() - from < timeoutMs) {
      const ok = this.instances.every(({ name }) =>
        this.probes.every(({ kind }) => {
          const answers = this.of(name, kind, from);
          return answers.length > 0 && good(answers[answers.length - 1]);
        }),
      );
      if (ok) return true;
      await sleep(50);
    }
    return false;
  }

  private async loop(instance: { name: string; url: string }, probe: Probe): Promise<void> {
    while (this.running) {
      const headers: Record<string, string> = {};
      if (probe.signedIn) headers.cookie = this.cookie;
      if (probe.body) headers['content-type'] = 'application/json';
      const t0 = now();
      let status = 0;
      let body: unknown = null;
      try {
        const res = await fetch(`${instance.url}${probe.path}`, {
          method: probe.method ?? 'GET',
          headers,
          body: probe.body ? JSON.stringify(probe.body) : undefined,
          signal: AbortSignal.timeout(5000),
        });
        status = res.status;
        const text = await res.text();
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      } catch (error) {
        status = 0;
        body = `${(error as Error).message} (${((error as Error).cause as Error | undefined)?.message ?? ''})`;
      }
      this.answers.push({ instance: instance.name, kind: probe.kind, signedIn: !!probe.signedIn, t0, t1: now(), status, body });
      await sleep(this.pauseMs);
    }
  }
}
