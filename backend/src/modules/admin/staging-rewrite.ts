import { Transform, type TransformCallback } from 'node:stream';

const NEWLINE = 0x0a;
const END_OF_DATA = Buffer.from('\\.\n');
const DATA_END_AFTER_LINE = Buffer.from('\n\\.\n');
const QUALIFIED = /\bpublic\.("(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)/g;
const COPY_START = /^COPY .* FROM stdin;\r?\n$/;

/**
 * Rewrites the SQL that `pg_restore --file=-` writes so that the backup's own tables, sequences,
 * views and indexes are made in `schema` instead of public, while references to other objects in
 * public (the extensions' citext type, gin_trgm_ops) stay as they are.
 *
 * Hand-written because pg_restore cannot restore into another schema: pg_dump qualifies every name
 * (`public.posts`), so search_path does not help, and the alternative (a scratch database, then a
 * second dump and restore from it) needs CREATEDB and doubles the work. Only statement lines are
 * rewritten: the rows between `COPY … FROM stdin;` and the line `\.` pass through untouched (a row
 * can never be that line: COPY text escapes every backslash), and are scanned a buffer at a time.
 */
export class IntoSchema extends Transform {
  private pending: Buffer = Buffer.alloc(0);
  private inData = false;

  constructor(
    private readonly relations: ReadonlySet<string>,
    private readonly schema: string,
  ) {
    super();
  }

  /** One statement line with the backup's relations moved into the schema. */
  rewriteLine(line: string): string {
    return line.replace(QUALIFIED, (whole, token: string) => {
      const name = token.startsWith('"') ? token.slice(1, -1).replace(/""/g, '"') : token;
      return this.relations.has(name) ? `${this.schema}.${token}` : whole;
    });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const buffer = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    let at = 0; // always the start of a line
    for (;;) {
      if (this.inData) {
        if (buffer.length - at < END_OF_DATA.length) break;
        if (buffer.subarray(at, at + END_OF_DATA.length).equals(END_OF_DATA)) {
          this.push(END_OF_DATA);
          at += END_OF_DATA.length;
          this.inData = false;
          continue;
        }
        const end = buffer.indexOf(DATA_END_AFTER_LINE, at);
        const upTo = end >= 0 ? end + 1 : buffer.lastIndexOf(NEWLINE) + 1; // whole lines only
        if (upTo <= at) break;
        this.push(buffer.subarray(at, upTo));
        at = upTo;
        if (end < 0) break;
      } else {
        const newline = buffer.indexOf(NEWLINE, at);
        if (newline < 0) break;
        const line = buffer.toString('utf8', at, newline + 1);
        this.push(this.rewriteLine(line));
        this.inData = COPY_START.test(line);
        at = newline + 1;
      }
    }
    this.pending = Buffer.from(buffer.subarray(at));
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.pending.length) this.push(this.inData ? this.pending : this.rewriteLine(this.pending.toString('utf8')));
    done();
  }
}
