import Redis from 'ioredis';
import { createServer } from 'node:net';
import { Client, DatabaseError } from 'pg';
import { QueryFailedError } from 'typeorm';
import { isDependencyUnavailable, StorageUnavailableError } from './dependency-errors';

/** A loopback port nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const rejectionOf = async (work: () => Promise<unknown>): Promise<unknown> => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('did not fail');
};

const pgError = (code: string) => Object.assign(new DatabaseError('from the server', 0, 'error'), { code });

describe('isDependencyUnavailable', () => {
  it('knows what the drivers throw when the server is not there', async () => {
    const port = await closedPort();
    const pg = await rejectionOf(() => new Client({ host: '127.0.0.1', port, connectionTimeoutMillis: 1000 }).connect());
    const redis = new Redis({ host: '127.0.0.1', port, enableOfflineQueue: false, lazyConnect: true, retryStrategy: () => null });
    const notConnected = await rejectionOf(() => redis.get('k'));
    redis.disconnect();
    const closed = await rejectionOf(() => redis.get('k'));
    expect([pg, notConnected, closed].map(isDependencyUnavailable)).toEqual([true, true, true]);
  });

  it('sees through TypeORM, causes and AggregateError', () => {
    const terminated = new Error('Connection terminated unexpectedly');
    expect(isDependencyUnavailable(new QueryFailedError('SELECT 1', [], terminated))).toBe(true);
    expect(isDependencyUnavailable(new QueryFailedError('SELECT 1', [], pgError('57P01')))).toBe(true);
    expect(isDependencyUnavailable(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) }))).toBe(true);
    expect(isDependencyUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(true);
  });

  it.each(['08006', '08001', '57P01', '57P02', '57P03', '53300'])('PostgreSQL %s is unavailable', (code) => {
    expect(isDependencyUnavailable(pgError(code))).toBe(true);
  });

  it('Redis timeouts, retries given up, and a Redis loading or out of memory', () => {
    for (const message of ['Command timed out', 'Connection is closed.', 'LOADING Redis is loading the dataset in memory', 'OOM command not allowed when used memory > maxmemory.']) {
      expect([message, isDependencyUnavailable(new Error(message))]).toEqual([message, true]);
    }
    expect(isDependencyUnavailable(Object.assign(new Error('Reached the max retries per request limit'), { name: 'MaxRetriesPerRequestError' }))).toBe(true);
    expect(isDependencyUnavailable(new StorageUnavailableError('S3 upload of a.png: TimeoutError'))).toBe(true);
  });

  it('leaves bugs and bad requests alone', () => {
    for (const error of [new Error('boom'), new TypeError('x is undefined'), pgError('23505'), pgError('22P02'), pgError('42P01'), null, 'text', { code: 42 }]) {
      expect(isDependencyUnavailable(error)).toBe(false);
    }
    expect(isDependencyUnavailable(new QueryFailedError('SELECT 1', [], pgError('23505')))).toBe(false);
  });
});
