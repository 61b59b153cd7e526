import { Injectable } from '@nestjs/common';
import { CompiledQuery } from 'kysely';
import { Database } from '../../common/db/database';

const SQL = {
  /** High-water marks of every sequence: ids handed out after the backup are never handed out again. */
  sequences: `SELECT coalesce(jsonb_agg(jsonb_build_object('schemaname', schemaname, 'sequencename', sequencename, 'last_value', last_value)), '[]') AS marks
                FROM pg_sequences WHERE last_value IS NOT NULL`,
  raiseSequences: `
    SELECT setval(format('%I.%I', s.schemaname, s.sequencename)::regclass, m.last_value)
      FROM jsonb_to_recordset($1::jsonb) AS m(schemaname text, sequencename text, last_value bigint)
      JOIN pg_sequences s USING (schemaname, sequencename)
     WHERE s.last_value IS NULL OR s.last_value < m.last_value`,
  liveTables: `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
};

/** The database-wide statements around a restore (extensions, sequences, the table list); the dump itself is pg_dump's. */
@Injectable()
export class AdminRepository {
  constructor(private readonly database: Database) {}

  private async rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await this.database.db.executeQuery<T>(CompiledQuery.raw(text, values))).rows;
  }

  /** `name` must already be a checked identifier. */
  async createExtension(name: string): Promise<void> {
    await this.rows(`CREATE EXTENSION IF NOT EXISTS "${name}"`);
  }

  /** Every sequence's last value, as one JSON array for raiseSequences. */
  async sequenceMarks(): Promise<unknown> {
    const [{ marks }] = await this.rows<{ marks: unknown }>(SQL.sequences);
    return marks;
  }

  /** Sets each sequence in `marks` no lower than it was. */
  async raiseSequences(marks: unknown): Promise<void> {
    await this.rows(SQL.raiseSequences, [JSON.stringify(marks)]);
  }

  /** The public tables, schema-qualified and quoted. */
  async liveTables(): Promise<string[]> {
    return (await this.rows<{ name: string }>(SQL.liveTables)).map((r) => r.name);
  }
}
