import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { APP_BACKUP, backupsIn, backupStamp, DB_BACKUP, jobPartialName, PARTIAL, pruneBackups, removeJobPartials, stampedAt } from './backup-files';

describe('backup files', () => {
  it('stamps names in UTC so they sort by time, and reads the stamp back', () => {
    const at = new Date('2025-01-02T03:04:05.678Z');
    expect(backupStamp(at)).toBe('20250102-030405-678');
    expect(DB_BACKUP.test(`cloud9-${backupStamp(at)}.dump`)).toBe(true);
    expect(APP_BACKUP.test(`cloud9-app-${backupStamp(at)}.tar.gz`)).toBe(true);
    expect(stampedAt(`cloud9-${backupStamp(at)}.dump`)).toEqual(at);
  });

  it('keeps the newest N of one kind, ignores other files, and never lists a half-written one', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'c9-prune-'));
    const names = ['cloud9-20250101-000000-000.dump', 'cloud9-20250102-000000-000.dump', 'cloud9-20250103-000000-000.dump'];
    for (const n of [...names, 'cloud9-app-20240101-000000-000.tar.gz', '.cloud9-20250104-000000-000.dump.partial', 'notes.txt']) {
      await fs.writeFile(path.join(dir, n), 'x');
    }
    expect(await backupsIn(dir, DB_BACKUP)).toEqual([names[2], names[1], names[0]]);
    expect(await pruneBackups(dir, DB_BACKUP, 2)).toEqual([names[0]]);
    expect((await fs.readdir(dir)).sort()).toEqual(
      ['.cloud9-20250104-000000-000.dump.partial', 'cloud9-20250102-000000-000.dump', 'cloud9-20250103-000000-000.dump', 'cloud9-app-20240101-000000-000.tar.gz', 'notes.txt'].sort(),
    );
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("names a job's half-written files after the job, so its next attempt removes them and nothing else", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'c9-partials-'));
    const mine = jobPartialName('3f2a-9', 'cloud9-20250104-000000-000.dump');
    const other = jobPartialName('3f2a-90', 'cloud9-20250104-000000-001.dump');
    expect(mine).toBe('.job-3f2a-9.cloud9-20250104-000000-000.dump.partial');
    expect(PARTIAL.test(mine)).toBe(true);
    expect(DB_BACKUP.test(mine)).toBe(false);
    // Odd ids (Bull Board, repeat jobs) still make one safe file name.
    expect(jobPartialName('repeat:a/../b', 'x')).toBe('.job-repeat_a____b.x.partial');
    // Without a job id, every file is its own.
    expect(jobPartialName(undefined, 'x')).not.toBe(jobPartialName(undefined, 'x'));
    for (const n of [mine, other, 'cloud9-20250103-000000-000.dump']) await fs.writeFile(path.join(dir, n), 'x');
    expect(await removeJobPartials(dir, '3f2a-9')).toEqual([mine]);
    expect(await removeJobPartials(dir, undefined)).toEqual([]);
    expect((await fs.readdir(dir)).sort()).toEqual([other, 'cloud9-20250103-000000-000.dump'].sort());
    await fs.rm(dir, { recursive: true, force: true });
  });
});
