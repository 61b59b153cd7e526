import { withoutFolders, withoutFoldersDeep } from './without-folders';

describe('withoutFolders', () => {
  it('cuts absolute paths to their file names, wherever they stand in the text', () => {
    expect(withoutFolders('/var/backups/cloud9-20250102-030405-678.dump (1234 bytes)')).toBe('cloud9-20250102-030405-678.dump (1234 bytes)');
    expect(withoutFolders("EACCES: permission denied, mkdir '/srv/cloud9/backups'")).toBe("EACCES: permission denied, mkdir 'backups'");
    expect(withoutFolders('restored /tmp/b/x.dump: loaded in 1.0 s')).toBe('restored x.dump: loaded in 1.0 s');
    expect(withoutFolders('file=/a/b.txt,(/c/d.png)')).toBe('file=b.txt,(d.png)');
  });

  it('leaves URLs, relative names, fractions and plain text alone', () => {
    for (const text of ['see https://example.com/a/b', 'uploads/a.png', '3/4 done', 'a / b', 'Sync failed']) expect(withoutFolders(text)).toBe(text);
  });

  it('reaches every string inside objects and lists', () => {
    expect(withoutFoldersDeep({ path: '/x/y/z.tar.gz', n: 3, list: ['/a/b', 'c'], none: null, deep: { error: "open '/p/q'" } })).toEqual({
      path: 'z.tar.gz',
      n: 3,
      list: ['b', 'c'],
      none: null,
      deep: { error: "open 'q'" },
    });
  });
});
