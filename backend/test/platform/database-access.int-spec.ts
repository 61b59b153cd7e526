import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { sql } from 'kysely';
import { Database } from '../../src/common/db/database';
import { SqlService } from '../../src/common/db/sql.service';
import { bootApp, TestApp } from '../support/app';

const backend = path.resolve(__dirname, '../..');
const schemaTypes = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(backend, 'scripts/db-types.mjs'), '--verify', ...args], { cwd: backend, encoding: 'utf8' });

describe('database access: one Kysely, typed by the schema, on the shared pool', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootApp();
  });
  afterAll(() => t?.close());

  it('the committed row types match the schema the migrations build, and a stale copy is caught', async () => {
    const fresh = schemaTypes();
    expect(fresh.stderr + fresh.stdout).not.toMatch(/error/i);
    expect(fresh.status).toBe(0);

    const dir = await mkdtemp(path.join(tmpdir(), 'c9-schema-'));
    try {
      const stale = path.join(dir, 'schema.ts');
      const text = await readFile(path.join(backend, 'src/database/schema.ts'), 'utf8');
      await writeFile(stale, text.replace(/ {2}password_hash: string;\n/, ''));
      expect(schemaTypes('--out', stale).status).not.toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('Kysely queries and the prepared-statement runner read the same rows through the same pool', async () => {
    const { db } = t.app.get(Database);
    const sql = t.app.get(SqlService);
    const query = db.selectFrom('groups').select(['id', 'name']).orderBy('id');
    const built = await query.execute();
    expect(built.length).toBeGreaterThan(0);
    expect(built).toEqual(await t.db.query('SELECT id, name FROM groups ORDER BY id'));
    expect(await sql.run(query.compile())).toEqual(built);
    expect(sql.nameOf(query.compile().sql)).toMatch(/^c9_[0-9a-f]{24}$/);
  });

  it('a Kysely transaction rolls back as a whole', async () => {
    const { db } = t.app.get(Database);
    const before = await db.selectFrom('groups').select('description').where('id', '=', 1).executeTakeFirstOrThrow();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('groups').set({ description: 'changed in a transaction' }).where('id', '=', 1).execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.selectFrom('groups').select('description').where('id', '=', 1).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('a connection that breaks while Kysely holds it fails that work, not the process, and the pool goes on', async () => {
    const { db } = t.app.get(Database);
    await expect(
      db.transaction().execute(async (trx) => {
        const { pid } = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx)).rows[0];
        await t.db.query('SELECT pg_terminate_backend($1)', [pid]);
        await new Promise((resolve) => setTimeout(resolve, 200)); // the server's goodbye reaches the held connection
        await sql`SELECT 1`.execute(trx);
      }),
    ).rejects.toThrow();
    expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });
});
