import { render, screen } from '@testing-library/react';
import { appBackupFacts, databaseJobFacts, formatBytes, rotationFacts } from './resultFacts';
import { FactList } from './FactList';

describe('admin result facts', () => {
  it('sizes read as people read them', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatBytes(3.25 * 1024 ** 3)).toBe('3.3 GB');
    expect(formatBytes(Number.NaN)).toBe('—');
  });

  it('a backup names its file, size and the older backups it removed; a restore its migrations and report', () => {
    const backup = { success: true as const, message: 'm', file: 'cloud9-2.dump', bytes: 2048, removed: ['cloud9-0.dump'], output: '', jobId: '1' };
    expect(databaseJobFacts(backup)).toEqual([
      ['File', 'cloud9-2.dump'],
      ['Size', '2 KB'],
      ['Older backups removed', 'cloud9-0.dump'],
    ]);
    expect(databaseJobFacts({ ...backup, removed: [] })).toContainEqual(['Older backups removed', 'None']);
    const restore = { success: true as const, message: 'm', file: 'cloud9-2.dump', migrations: [], output: 'Swapped in 3 ms.', jobId: '2' };
    expect(databaseJobFacts(restore)).toEqual([
      ['File', 'cloud9-2.dump'],
      ['Migrations applied', 'None'],
      ['Report', 'Swapped in 3 ms.'],
    ]);
  });

  it('an app backup and a boost rotation as counted fields', () => {
    expect(appBackupFacts({ success: true, message: 'm', file: 'cloud9-app-1.tar.gz', bytes: 512, files: 1200, jobId: '3' })).toEqual([
      ['File', 'cloud9-app-1.tar.gz'],
      ['Size', '512 B'],
      ['Uploaded files archived', '1,200'],
    ]);
    expect(rotationFacts(2, 0)).toEqual([
      ['Boosts ended', '2'],
      ['Requests approved', '0'],
    ]);
  });

  it('FactList shows each label over its value, and nothing for no facts', () => {
    const { container, rerender } = render(<FactList facts={[['File', 'a.dump'], ['Size', '1 KB']]} />);
    expect(screen.getByText('File').tagName).toBe('DT');
    expect(screen.getByText('File').nextElementSibling).toHaveTextContent('a.dump');
    expect(screen.getByText('Size').nextElementSibling).toHaveTextContent('1 KB');
    rerender(<FactList facts={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
