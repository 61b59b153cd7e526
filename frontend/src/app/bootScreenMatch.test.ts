import { bootScreenMatch } from './bootScreenMatch';
import { screenMatch } from './screenMatch';
import { SCREEN_NAMES, SCREENS } from './screens';

/** Values a path parameter may hold as a browser sends it: plain, encoded, malformed, an encoded slash. */
const VALUES = ['nimbus', 'News', '42', encodeURIComponent('Café'), 'Caf\u00e9', '%E0%A4%A', 'a%2Fb', 'with%20space', '%40at', '_', '-'];

/** Each screen's pattern filled in every way, then bent: trailing slashes, case, extra or missing segments, doubled slashes. */
function pathsToCompare(): string[] {
  const filled = SCREEN_NAMES.flatMap((name) => {
    const pattern = SCREENS[name].path;
    const withoutOptional = pattern.replace(/\/:[\w-]+\?$/, '') || '/';
    return [withoutOptional, ...VALUES.map((value) => pattern.replace(/:[\w-]+\??/g, value))];
  });
  const bent = filled.flatMap((path) => [path, `${path}/`, `${path}//`, path.toUpperCase(), `${path}/extra`, `/x${path}`, `/${path}`, path.replace(/\/[^/]*$/, '')]);
  const others = ['/', '//', '/nowhere', '/login', '/post', '/@cloudy', '/profile/a/b', '/tag/', '/post//', '/.', '/%2F', '/settings%2F', '/settings%', '/admin-tools.json', '/admin_tools'];
  return [...new Set([...bent, ...others])];
}

describe("the boot script's screen matching", () => {
  const paths = pathsToCompare();

  it('covers every screen and some path that is none', () => {
    const found = new Set(paths.map((path) => bootScreenMatch(path)?.name ?? null));
    expect([...found].sort()).toEqual([...SCREEN_NAMES, null].sort());
    expect(paths.length).toBeGreaterThan(300);
  });

  it("finds the screen and parameters the router's own matching finds, for every path tried", () => {
    const differences = paths.filter((path) => JSON.stringify(bootScreenMatch(path)) !== JSON.stringify(screenMatch(path)));
    expect(differences.map((path) => ({ path, boot: bootScreenMatch(path), router: screenMatch(path) }))).toEqual([]);
  });
});
