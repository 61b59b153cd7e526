/**
 * How pg_dump / pg_restore reach the app database: libpq environment variables made from
 * DATABASE_URL, so the password never appears on a command line (visible in `ps`) or in a log.
 */
export interface PgConnection {
  /** The database name (also in env.PGDATABASE). */
  database: string;
  /** The process environment for the client: every inherited PG* variable replaced by the URL's. */
  env: NodeJS.ProcessEnv;
}

export function pgConnection(databaseUrl: string, base: NodeJS.ProcessEnv = process.env, extra: Record<string, string> = {}): PgConnection {
  const url = new URL(databaseUrl);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(base)) if (!key.startsWith('PG')) env[key] = value;
  const set = (key: string, value: string | null | undefined) => {
    if (value) env[key] = value;
  };
  // ?host=/var/run/postgresql (a socket folder) wins over the URL's host, as in libpq.
  set('PGHOST', url.searchParams.get('host') ?? decodeURIComponent(url.hostname).replace(/^\[(.*)\]$/, '$1'));
  set('PGPORT', url.port || url.searchParams.get('port'));
  set('PGUSER', decodeURIComponent(url.username) || url.searchParams.get('user'));
  set('PGPASSWORD', decodeURIComponent(url.password) || url.searchParams.get('password'));
  set('PGDATABASE', database);
  set('PGSSLMODE', url.searchParams.get('sslmode'));
  set('PGCONNECT_TIMEOUT', '10');
  set('PGAPPNAME', 'cloud9-admin-jobs');
  Object.assign(env, extra);
  return { database, env };
}
