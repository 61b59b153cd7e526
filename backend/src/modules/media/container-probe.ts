import type { Track } from 'mediainfo.js';
import { Worker } from 'node:worker_threads';

/** The probe did not answer in time; its worker was stopped. */
export class ProbeTimeoutError extends Error {}

/** MediaInfo could not read the file at all (it threw, or its worker died). */
export class ProbeFailedError extends Error {}

export interface ContainerProbeOptions {
  /** How long one file may take once MediaInfo has it; a hostile file must not hang the request. */
  timeoutMs: number;
  /** How long a fresh worker may take to load MediaInfo before its first file (not the file's time). */
  startTimeoutMs: number;
  /** Files probed at the same time (one WASM instance per worker; an instance is not re-entrant). */
  workers: number;
}

const DEFAULTS: ContainerProbeOptions = { timeoutMs: 10_000, startTimeoutMs: 10_000, workers: 2 };

/**
 * The worker: MediaInfo's WASM is initialised once and reused; each file is read from disk chunk
 * by chunk as MediaInfo asks for it (never loaded whole), one file at a time. Plain JavaScript in
 * a string so the same code runs from the compiled app and from the TypeScript tests.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs/promises');
const ready = require(workerData.mediainfo).mediaInfoFactory({ format: 'object', chunkSize: 64 * 1024 });
parentPort.on('message', async (path) => {
  let handle;
  try {
    const mediainfo = await ready;
    parentPort.postMessage({ started: true });
    handle = await fs.open(path, 'r');
    const { size } = await handle.stat();
    const result = await mediainfo.analyzeData(size, async (length, position) => {
      const chunk = Buffer.alloc(length);
      const { bytesRead } = await handle.read(chunk, 0, length, position);
      return chunk.subarray(0, bytesRead);
    });
    parentPort.postMessage({ tracks: (result.media && result.media.track) || [] });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  } finally {
    if (handle) await handle.close();
  }
});
`;

interface Job {
  path: string;
  resolve: (tracks: Track[]) => void;
  reject: (error: Error) => void;
}

/**
 * Reads a media file's container (format, duration, tracks) with MediaInfo in worker threads.
 * A file that takes longer than `timeoutMs` rejects with ProbeTimeoutError and its worker is
 * terminated (this stops even a WASM loop that never returns); a fresh one takes its place.
 */
export class ContainerProbe {
  private readonly options: ContainerProbeOptions;
  /** Free slots: a started worker waiting for work, or null for one not started yet. */
  private readonly free: (Worker | null)[];
  private readonly queue: Job[] = [];
  private readonly busy = new Set<Worker>();
  private closed = false;

  constructor(options: Partial<ContainerProbeOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
    // Workers start on first use: an instance that never receives audio or video never loads the WASM.
    this.free = Array.from({ length: this.options.workers }, () => null);
  }

  /** MediaInfo's tracks for the file at `path` (the first is always the General track). */
  probe(path: string): Promise<Track[]> {
    if (this.closed) return Promise.reject(new ProbeFailedError('the probe is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ path, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops every worker (app shutdown); pending probes reject. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new ProbeFailedError('the probe is closed'));
    const workers = [...this.busy, ...this.free.filter((w): w is Worker => w !== null)];
    this.free.length = 0;
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length && this.free.length) {
      const job = this.queue.shift()!;
      const worker = this.free.pop() ?? this.spawn();
      this.run(worker, job);
    }
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { mediainfo: require.resolve('mediainfo.js') } });
    worker.unref(); // an idle probe never keeps the process alive
    // A worker that dies while idle gives its slot back unstarted; an unheard 'error' would crash the app.
    worker.on('error', () => undefined).on('exit', () => {
      const slot = this.free.indexOf(worker);
      if (slot >= 0) this.free[slot] = null;
    });
    return worker;
  }

  private run(worker: Worker, job: Job): void {
    this.busy.add(worker);
    const finish = (reusable: boolean, settle: () => void) => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      this.busy.delete(worker);
      if (!reusable) void worker.terminate();
      if (!this.closed) this.free.push(reusable ? worker : null);
      settle();
      this.dispatch();
    };
    // The file's time starts when MediaInfo is loaded: a fresh worker's start (slow on a busy machine) is not the file's doing.
    const timeOut = (ms: number, what: string) => setTimeout(() => finish(false, () => job.reject(new ProbeTimeoutError(`no answer within ${ms} ms ${what}`))), ms);
    let timer = timeOut(this.options.startTimeoutMs, 'to start MediaInfo');
    // After a failure the WASM instance may be left aborted: that worker is replaced.
    const onMessage = (answer: { started?: true; tracks?: Track[]; error?: string }) => {
      if (answer.started) {
        clearTimeout(timer);
        timer = timeOut(this.options.timeoutMs, 'for the file');
      } else if (answer.tracks) finish(true, () => job.resolve(answer.tracks!));
      else finish(false, () => job.reject(new ProbeFailedError(answer.error ?? 'no answer')));
    };
    const onError = (error: Error) => finish(false, () => job.reject(new ProbeFailedError(error.message)));
    const onExit = (code: number) => finish(false, () => job.reject(new ProbeFailedError(`the probe worker exited (${code})`)));
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(job.path);
  }
}
