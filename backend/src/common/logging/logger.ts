import pino, { type DestinationStream, type Logger } from 'pino';
import type { Settings } from '../../config/settings';
import { REDACT_PATHS, REDACTED } from './redaction';

/**
 * The app's one pino logger (LOG_LEVEL, LOG_FORMAT): JSON lines on stdout, level by name, ISO time,
 * secrets censored (redaction.ts); pino-pretty's lines for a developer. Nest's Logger, the request
 * log and every `new Logger(context)` in the code write through it. `destination` replaces stdout
 * (a test that reads the lines).
 */
export function createLogger(settings: Pick<Settings, 'logFormat' | 'logLevel' | 'role'>, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: settings.logLevel,
    base: { pid: process.pid, role: settings.role },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
  };
  if (destination) return pino(options, destination);
  if (settings.logFormat === 'pretty') {
    return pino({ ...options, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,role' } } });
  }
  // Asynchronous writes: a request never waits on stdout (a full pipe to a log shipper would stall
  // the event loop), and lines written meanwhile go out together. pino flushes what is left
  // synchronously when the process exits, so the lines of a shutdown are not lost.
  return pino(options, pino.destination({ dest: 1, sync: false }));
}
