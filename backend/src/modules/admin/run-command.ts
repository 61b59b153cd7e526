import { spawn } from 'node:child_process';
import type { Transform } from 'node:stream';

export interface CommandOutput {
  stdout: string;
  stderr: string;
}

const KEEP_BYTES = 256 * 1024;

/** The last few lines of a tool's error output, for a failure message. */
export const lastLines = (text: string, lines = 5) => text.trim().split('\n').slice(-lines).join(' | ');

/**
 * Runs a command without a shell (arguments are never parsed) in `env`, collecting its output.
 * Rejects with the tool's own last words when it exits non-zero or cannot start.
 */
export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<CommandOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < KEEP_BYTES) stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < KEEP_BYTES) stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === 'ENOENT' ? `${command} is not installed (install the PostgreSQL client tools)` : `${command}: ${error.message}`)),
    );
    child.on('close', (code, signal) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(`${command} ${signal ? `was stopped by ${signal}` : `exited with code ${code}`}${stderr.trim() ? `: ${lastLines(stderr)}` : ''}`));
    });
  });
}

/**
 * `producer | consumer`, optionally `producer | through | consumer`: the producer's output streams
 * into the consumer. Both must exit 0; the consumer's error is the one reported (a producer cut off
 * by it only reports a broken pipe). A consumer that fails stops the producer too.
 */
export async function runPipeline(producer: [string, string[]], consumer: [string, string[]], env: NodeJS.ProcessEnv, through?: Transform): Promise<CommandOutput> {
  const from = spawn(producer[0], producer[1], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const to = spawn(consumer[0], consumer[1], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  (through ? from.stdout.pipe(through) : from.stdout).pipe(to.stdin);
  to.stdin.on('error', () => undefined); // EPIPE when the consumer stops first: its own exit says why
  // Nobody reads the producer once the consumer has failed: without this it would wait on a full pipe forever.
  to.on('close', (code) => void (code !== 0 && from.exitCode === null && from.signalCode === null && from.kill()));
  const watch = (child: ReturnType<typeof spawn>, command: string) =>
    new Promise<CommandOutput & { code: number | null; failure: string | null }>((resolve) => {
      let stdout = '';
      let stderr = '';
      if (child !== from) child.stdout!.on('data', (chunk: Buffer) => void (stdout.length < KEEP_BYTES && (stdout += chunk.toString('utf8'))));
      child.stderr!.on('data', (chunk: Buffer) => void (stderr.length < KEEP_BYTES && (stderr += chunk.toString('utf8'))));
      child.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ stdout, stderr, code: null, failure: error.code === 'ENOENT' ? `${command} is not installed (install the PostgreSQL client tools)` : `${command}: ${error.message}` }),
      );
      child.on('close', (code, signal) =>
        resolve({ stdout, stderr, code, failure: code === 0 ? null : `${command} ${signal ? `was stopped by ${signal}` : `exited with code ${code}`}${stderr.trim() ? `: ${lastLines(stderr)}` : ''}` }),
      );
    });
  const [a, b] = await Promise.all([watch(from, producer[0]), watch(to, consumer[0])]);
  if (b.failure) throw new Error(b.failure);
  if (a.failure) throw new Error(a.failure);
  return { stdout: b.stdout, stderr: [a.stderr, b.stderr].filter((s) => s.trim()).join('\n') };
}
