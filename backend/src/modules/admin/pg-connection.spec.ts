import { pgConnection } from './pg-connection';

describe('pgConnection', () => {
  it('turns DATABASE_URL into libpq variables, password included, and drops inherited PG* ones', () => {
    const { database, env } = pgConnection('postgres://app%40x:s3cr%2Ft@db.example:6543/cloud9?sslmode=require', {
      PATH: '/usr/bin',
      PGPASSWORD: 'stale',
      PGSERVICE: 'other',
    });
    expect(database).toBe('cloud9');
    expect(env).toEqual(
      expect.objectContaining({ PATH: '/usr/bin', PGHOST: 'db.example', PGPORT: '6543', PGUSER: 'app@x', PGPASSWORD: 's3cr/t', PGDATABASE: 'cloud9', PGSSLMODE: 'require' }),
    );
    expect(env.PGSERVICE).toBeUndefined();
  });

  it('leaves out what the URL does not say and honours ?host= for a socket folder', () => {
    const { env } = pgConnection('postgres://postgres@localhost/c9?host=/var/run/postgresql', {});
    expect(env.PGHOST).toBe('/var/run/postgresql');
    expect(env.PGPASSWORD).toBeUndefined();
    expect(env.PGPORT).toBeUndefined();
    expect(env.PGUSER).toBe('postgres');
  });
});
