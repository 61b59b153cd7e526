import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const mtime = (file: string) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};

/**
 * Makes sure backend/dist (and the contracts it requires) is built from the current sources, for
 * suites that spawn the built app as its own process (`npm test` builds first; `npm run test:int`
 * alone may find it missing or stale). Builds only when a source is newer than its output.
 */
export function ensureBackendBuilt(): void {
  const steps: [string, string, string][] = [
    ['@cloud9/contracts', path.join(root, 'libs/contracts/src'), path.join(root, 'libs/contracts/dist/index.js')],
    ['@cloud9/backend', path.join(root, 'backend/src'), path.join(root, 'backend/dist/main.js')],
  ];
  let rebuilt = false;
  for (const [workspace, src, out] of steps) {
    if (rebuilt || newestMtime(src) > mtime(out)) {
      execFileSync('npm', ['run', 'build', '--silent', '-w', workspace], { cwd: root, stdio: 'pipe' });
      rebuilt = true;
    }
  }
}

export const BACKEND_MAIN = path.join(root, 'backend/dist/main.js');
