import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { filesUnder } from './harness';

/** The media stores every media suite runs against (describe.each). */
export type Driver = 'local' | 's3';
export const DRIVERS: readonly Driver[] = ['local', 's3'];
/** gradientImage's `tone` per store: a test's images differ from one store to the other. */
export const TONE: Readonly<Record<Driver, number>> = { local: 0, s3: 9 };

const BUCKET = 'cloud9-media';
/** s3rver is told to accept any signature: the secret only has to be there (and is one a test can look for). */
const KEY_ID = 'S3RVER';
export const S3RVER_SECRET = 's3rver-secret-of-the-test-bucket';
const SECRET = S3RVER_SECRET;

/**
 * One suite's media store, seen from outside the app (the disk, or the bucket through its own
 * client), so a test checks where the bytes really are, not what the app's driver says.
 */
export interface StoreUnderTest {
  driver: Driver;
  /** Settings for bootApp: STORAGE_DRIVER and, for s3, the bucket and a scratch UPLOAD_DIR of the suite's own. */
  env: Record<string, string>;
  /** Every stored file and every scratch file in `uploadDir` (.incoming), sorted: what must not change when an upload is refused. */
  files(uploadDir: string): Promise<string[]>;
  /** The stored names only. */
  keys(uploadDir: string): Promise<string[]>;
  /** A stored file's bytes (null: not stored). */
  read(uploadDir: string, key: string): Promise<Buffer | null>;
  /** Deletes a stored file behind the app's back. */
  remove(uploadDir: string, key: string): Promise<void>;
  /** Makes a stored file look `ageSeconds` old (its last-modified time). */
  age(uploadDir: string, key: string, ageSeconds: number): Promise<void>;
  /** Stores a file as something else would have (a stray file), last modified `ageSeconds` ago. */
  plant(uploadDir: string, key: string, bytes: Buffer, ageSeconds?: number): Promise<void>;
  /** Stops the bucket's server (s3: the store is away); `start` brings it back on the same port with the same data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops s3rver and removes its data. */
  close(): Promise<void>;
}

function localStore(): StoreUnderTest {
  const file = (uploadDir: string, key: string) => path.join(uploadDir, ...key.split('/'));
  return {
    driver: 'local',
    env: { STORAGE_DRIVER: 'local' },
    files: (uploadDir) => filesUnder(uploadDir),
    keys: async (uploadDir) => (await filesUnder(uploadDir)).filter((f) => !f.split(path.sep).some((part) => part.startsWith('.'))).map((f) => f.split(path.sep).join('/')),
    read: (uploadDir, key) => fs.readFile(file(uploadDir, key)).catch(() => null),
    remove: (uploadDir, key) => fs.rm(file(uploadDir, key), { force: true }),
    age: async (uploadDir, key, ageSeconds) => {
      const when = new Date(Date.now() - ageSeconds * 1000);
      await fs.utimes(file(uploadDir, key), when, when);
    },
    plant: async (uploadDir, key, bytes, ageSeconds = 0) => {
      await fs.mkdir(path.dirname(file(uploadDir, key)), { recursive: true });
      await fs.writeFile(file(uploadDir, key), bytes);
      const when = new Date(Date.now() - ageSeconds * 1000);
      await fs.utimes(file(uploadDir, key), when, when);
    },
    stop: async () => undefined,
    start: async () => undefined,
    close: async () => undefined,
  };
}

async function s3Store(): Promise<StoreUnderTest> {
  // Loaded here, not at the top: a suite's local-store half (and every other suite) needs neither.
  const { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const { default: S3rver } = await import('s3rver');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'c9-s3rver-'));
  const data = path.join(dir, 'data');
  await fs.mkdir(data);
  let server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: data, allowMismatchedSignatures: true, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: KEY_ID, secretAccessKey: SECRET } });
  const keys = async () => {
    const out: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: token }));
      out.push(...(page.Contents ?? []).map((o) => o.Key!));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort();
  };
  /**
   * s3rver reports an object's file's mtime as its LastModified. It answers a PUT before its write of that
   * file has landed (it resolves on the body's last chunk), and the late write would make the file new
   * again: the time is set once the file holds the bytes whose MD5 s3rver stored beside it.
   */
  const age = async (_uploadDir: string, key: string, ageSeconds: number) => {
    const file = path.join(data, BUCKET, ...`${key}._S3rver_object`.split('/'));
    for (let tries = 0; ; tries++) {
      const [bytes, md5] = await Promise.all([fs.readFile(file), fs.readFile(`${file}.md5`, 'utf8').catch(() => null)]);
      if (md5 !== null && createHash('md5').update(bytes).digest('hex') === md5) break;
      if (tries === 200) throw new Error(`s3rver never finished writing ${key}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const when = new Date(Date.now() - ageSeconds * 1000);
    await fs.utimes(file, when, when);
  };
  const stop = async () => {
    server.httpServer?.closeAllConnections();
    await server.close();
  };
  return {
    driver: 's3',
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET,
      S3_FORCE_PATH_STYLE: 'true',
      // Scratch only: an upload being received. Nothing else may appear here.
      UPLOAD_DIR: path.join(dir, 'scratch'),
      // Queues of its own: another suite's app (another store) must not take this one's media jobs.
      REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'c9test:'}${path.basename(dir)}:`,
    },
    files: async (uploadDir) => [...(await filesUnder(uploadDir)), ...(await keys())].sort(),
    keys,
    read: async (_uploadDir, key) => {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
        return Buffer.from(await got.Body!.transformToByteArray());
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    remove: async (_uploadDir, key) => void (await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }))),
    age,
    plant: async (uploadDir, key, bytes, ageSeconds = 0) => {
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: bytes }));
      await age(uploadDir, key, ageSeconds);
    },
    stop,
    start: async () => {
      server = new S3rver({ address: '127.0.0.1', port, silent: true, directory: data, allowMismatchedSignatures: true });
      await server.run();
    },
    close: async () => {
      client.destroy();
      await stop().catch(() => undefined);
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** The store of `driver` for one suite: for s3 an s3rver on a loopback port with its data in a temp folder. */
export const storeUnderTest = (driver: Driver): Promise<StoreUnderTest> => (driver === 's3' ? s3Store() : Promise.resolve(localStore()));
