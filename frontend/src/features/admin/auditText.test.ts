import { actionLabel, auditDetailFacts, resultLabel, targetLabel } from './auditText';

describe('audit log texts', () => {
  it('names actions and results in words; unknown codes show as they are', () => {
    expect(actionLabel('admin.backup')).toBe('Database backup');
    expect(actionLabel('boosts.rotate')).toBe('Boost queue processed');
    expect(actionLabel('admin.users.list')).toBe('User search');
    expect(actionLabel('admin.something_new')).toBe('admin.something_new');
    expect(resultLabel('ok')).toBe('Done');
    expect(resultLabel('not_found')).toBe('Not found');
    expect(resultLabel('odd')).toBe('odd');
  });

  it('reads targets: users by name or id, posts, jobs and searches', () => {
    expect(targetLabel('user:alice')).toBe('user @alice');
    expect(targetLabel('user:12')).toBe('user #12');
    expect(targetLabel('post:7')).toBe('post #7');
    expect(targetLabel('job:admin/9')).toBe('job admin/9');
    expect(targetLabel('query:bob')).toBe('search “bob”');
    expect(targetLabel('GET /api/admin/queues/x')).toBe('GET /api/admin/queues/x');
  });

  it('turns details into labelled fields with readable values, never JSON', () => {
    expect(
      auditDetailFacts({
        jobId: '5',
        file: 'cloud9-1.dump',
        bytes: 4096,
        removed: ['cloud9-0.dump', 'cloud9-00.dump'],
        group_id: 6,
        followersAdded: 1200,
        done: true,
        nested: { innerKey: 'x', list: [1, 2] },
        note: null,
      }),
    ).toEqual([
      ['Job', '5'],
      ['File', 'cloud9-1.dump'],
      ['Size', '4 KB'],
      ['Older backups removed', 'cloud9-0.dump, cloud9-00.dump'],
      ['Group', '6 · Silver'],
      ['Follower counts corrected', '1,200'],
      ['Done', 'Yes'],
      ['Nested', 'Inner key: x; List: 1, 2'],
      ['Note', '—'],
    ]);
    expect(auditDetailFacts({ count: 5 })).toEqual([['Found', '5']]);
    expect(auditDetailFacts(null)).toEqual([]);
    // An old row's path and a file under one label: the first stands.
    expect(auditDetailFacts({ file: 'a.tar.gz', path: 'b.tar.gz' })).toEqual([['File', 'a.tar.gz']]);
  });
});
