import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { MediaStorage } from '../media/public';
import type { ExportsRepository, Keyed } from './exports.repository';

/** The lists of the archive: its file name and how to read it, a keyset page at a time. */
type PageReader = (afterKey: number) => Promise<Keyed[]>;

/**
 * A JSON array written as its rows are read, a page at a time (`[` ... `]`, one row a line): the
 * archive never holds a whole list. The pages' `key` (their keyset position) is not written.
 */
async function* jsonArray(read: PageReader): AsyncGenerator<Buffer> {
  yield Buffer.from('[');
  let after = 0;
  let first = true;
  for (;;) {
    const rows = await read(after);
    for (const { key, ...row } of rows) {
      yield Buffer.from(`${first ? '\n' : ',\n'}${JSON.stringify(row)}`);
      first = false;
      after = key;
    }
    if (!rows.length) break;
  }
  yield Buffer.from(first ? ']\n' : '\n]\n');
}

/**
 * A stream's bytes only once the ZIP reaches its entry (a bucket's response is not opened before).
 * A stream that fails (a read cut off: the database gone at shutdown) fails the archive through
 * `fail`: yazl does not listen for its entries' errors.
 */
const later = (open: () => Promise<Readable>, fail: (error: Error) => void) => (cb: (err: unknown, stream: NodeJS.ReadableStream) => void) => {
  open().then(
    (stream) => cb(null, stream.once('error', fail)),
    (error: unknown) => cb(error, Readable.from([])),
  );
};

/**
 * Writes the ZIP of an account's data to `file` (yazl, streamed): `account.json`, its posts and
 * replies with their edit history, likes, bookmarks, follows (`following.json`, `followers.json`),
 * mutes, blocks, muted words, notifications, the direct messages it sent, and `media/` with the originals it uploaded, read from
 * the media store as the archive reaches each. Memory stays bounded: lists are read EXPORT_BATCH
 * rows at a time and files are piped. Returns the ZIP's size.
 */
export async function writeExportArchive(file: string, userId: number, repo: ExportsRepository, storage: MediaStorage): Promise<number> {
  const account = await repo.account(userId);
  if (!account) throw new Error(`account ${userId} is gone`);
  const zip = new ZipFile();
  const out = createWriteStream(file, { flags: 'wx' });
  const written = pipeline(zip.outputStream, out);
  // Seen by the `await` below, or by nobody when the archive fails before it.
  written.catch(() => undefined);
  const fail = (error: Error) => (zip.outputStream as Readable).destroy(error);
  const mtime = new Date();
  const list = (name: string, read: PageReader) => zip.addReadStreamLazy(name, { mtime }, later(async () => Readable.from(jsonArray(read)), fail));

  zip.addBuffer(Buffer.from(`${JSON.stringify({ exportedAt: mtime.toISOString(), account }, null, 2)}\n`), 'account.json', { mtime });
  list('posts.json', (after) => repo.posts(userId, false, after));
  list('replies.json', (after) => repo.posts(userId, true, after));
  list('likes.json', (after) => repo.postMarks('likes', userId, after));
  list('bookmarks.json', (after) => repo.postMarks('bookmarks', userId, after));
  list('following.json', (after) => repo.follows(userId, 'following', after));
  list('followers.json', (after) => repo.follows(userId, 'followers', after));
  list('mutes.json', (after) => repo.hidden('user_mutes', userId, after));
  list('blocks.json', (after) => repo.hidden('user_blocks', userId, after));
  list('muted-words.json', (after) => repo.mutedWords(userId, after));
  list('notifications.json', (after) => repo.alerts(userId, after));
  list('direct-messages.json', (after) => repo.directMessages(userId, after));

  // The originals, once each (equal uploads share one stored file), as stored (already compressed: stored as is).
  const added = new Set<string>();
  try {
    await addOriginals();
  } catch (error) {
    fail(error as Error);
    throw error;
  }
  zip.end();
  await written;
  return out.bytesWritten;

  async function addOriginals(): Promise<void> {
    for (let after = 0; ; ) {
      const rows = await repo.media(userId, after);
      if (!rows.length) break;
      for (const row of rows) {
        after = row.key;
        if (added.has(row.storage_key) || !(await storage.head(row.storage_key))) continue;
        added.add(row.storage_key);
        zip.addReadStreamLazy(
          `media/${row.storage_key}`,
          { mtime, compress: false },
          later(async () => (await storage.read(row.storage_key))?.body ?? Readable.from([]), fail),
        );
      }
    }
  }
}
