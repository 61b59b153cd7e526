import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { eventually } from './harness';

/** The nginx binary (.ci/run installs Debian's `nginx`). */
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export interface RunningNginx {
  port: number;
  stop: () => Promise<void>;
}

/** A free loopback port (taken and let go; nginx binds it right after). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/**
 * Runs nginx in the foreground on `conf` (an nginx.conf whose `listen` is `127.0.0.1:<port>`), with
 * its pid, logs and temporary files in a folder of its own. Resolves once it listens.
 */
export async function startNginx(conf: string, port: number): Promise<RunningNginx> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'c9-nginx-'));
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${path.join(dir, name)};`).join(' ');
  writeFileSync(path.join(dir, 'nginx.conf'), conf.replace(/^http \{$/m, `http {\n  access_log off; ${temps}`));
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', `daemon off; pid ${path.join(dir, 'nginx.pid')}; error_log ${path.join(dir, 'error.log')};`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const up = await eventually(async () => child.exitCode === null && (await listening(port)), 10_000);
  if (!up) {
    child.kill('SIGKILL');
    throw new Error(`nginx did not start: ${stderr}`);
  }
  return {
    port,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
