import * as net from 'node:net';

/** One command a Redis server ran, as MONITOR reports it: the command's name and its arguments. */
export type MonitoredCommand = string[];

/**
 * Watches every command a Redis server runs (MONITOR) on a plain socket of its own. Not ioredis's
 * `monitor()`: when the server is busy, the first monitored line arrives in the same read as MONITOR's
 * +OK, before ioredis has switched the connection to monitoring, and it fails with "Command queue state
 * error". Resolves once the server has started reporting.
 */
export async function monitorRedis(url: string, onCommand: (command: MonitoredCommand) => void): Promise<{ stop(): void }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port || 6379), hostname);
  let buffered = '';
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      let end: number;
      while ((end = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (line === '+OK') resolve();
        else if (line.startsWith('-')) reject(new Error(line.slice(1)));
        else onCommand(argumentsOf(line));
      }
    });
    socket.write('MONITOR\r\n');
  });
  return { stop: () => socket.destroy() };
}

const ESCAPED: Record<string, string> = { n: '\n', r: '\r', t: '\t', a: '\x07', b: '\b' };

/** `+1700000000.1 [0 127.0.0.1:5000] "DEL" "a\"b"` → ['DEL', 'a"b'] (Redis's sdscatrepr quoting undone). */
function argumentsOf(line: string): MonitoredCommand {
  return [...line.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map(([, quoted]) =>
    quoted.replace(/\\x([0-9a-f]{2})|\\(.)/gi, (_, hex: string | undefined, char: string) => (hex ? String.fromCharCode(parseInt(hex, 16)) : (ESCAPED[char] ?? char))),
  );
}
