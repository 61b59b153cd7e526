import { Pool } from 'pg';
import type { Settings } from '../../config/settings';
import { AppMetrics } from '../metrics/app-metrics';
import { ReadReplica } from './read-replica';
import { MAX_PREPARED_STATEMENTS, SqlService, statementName } from './sql.service';

describe('SqlService', () => {
  const calls: { name?: string; text: string; values: unknown[] }[] = [];
  const settings = { databaseReadUrl: null, databaseUrl: 'postgres://127.0.0.1:1/none', databaseConnectTimeoutMs: 100, databaseStatementTimeoutMs: 0 } as unknown as Settings;
  const noReplica = new ReadReplica(settings, null as never, null as never);
  const service = new SqlService(settings, noReplica, new AppMetrics(settings));

  // The statement each call sends, as its pool would send it (the names are what is tested here, not PostgreSQL).
  beforeAll(() => jest.spyOn(Pool.prototype, 'query').mockImplementation((async (config: { name?: string; text: string; values: unknown[] }) => (calls.push(config), { rows: [{ n: 1 }] })) as never));
  afterAll(() => jest.restoreAllMocks());
  beforeEach(() => (calls.length = 0));

  it('runs a text as a named statement, the name derived from the text only', async () => {
    expect(await service.query('SELECT $1::int AS n', [1])).toEqual([{ n: 1 }]);
    await service.query('SELECT $1::int AS n', [2]);
    await service.query('SELECT $1::int AS m', [2]);
    expect(calls[0].name).toBe(statementName('SELECT $1::int AS n'));
    expect(calls[1].name).toBe(calls[0].name);
    expect(calls[2].name).not.toBe(calls[0].name);
    expect(calls[1].values).toEqual([2]);
  });

  it('runs unnamed when asked, and once the cap of distinct texts is reached', async () => {
    await service.query('SELECT 1', [], { prepare: false });
    expect(calls[0].name).toBeUndefined();
    for (let i = 0; i < MAX_PREPARED_STATEMENTS + 5; i++) await service.query(`SELECT ${i}`);
    expect(calls.filter((c) => c.name === undefined).length).toBeGreaterThanOrEqual(5);
    await service.query('SELECT $1::int AS n', [3]); // known texts keep their name
    expect(calls[calls.length - 1].name).toBe(statementName('SELECT $1::int AS n'));
  });
});
