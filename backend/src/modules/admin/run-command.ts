import { spawn } from 'node:child_process';

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
