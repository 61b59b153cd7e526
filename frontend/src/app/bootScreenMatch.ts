import { SCREEN_NAMES, SCREENS, type ScreenMatch, type ScreenName } from './screens';

/**
 * The screen at a path, for the boot script only: the app itself asks the router (screenMatch.ts).
 * The boot script runs before the router's code has arrived and must not wait for it (React Router's
 * matching lives in a module that imports React), so this reads the same patterns the way the router
 * does (react-router's compilePath and decodePath, v7): segments decoded, case ignored, trailing
 * slashes allowed, an optional parameter's route taken with and without it. bootScreenMatch.test.ts
 * compares the two over every screen's paths and their variants.
 */

/** One pattern, or two for a trailing optional parameter (the router explodes it likewise). */
function explode(path: string): string[] {
  const optional = /^(.*)\/:([\w-]+)\?$/.exec(path);
  return optional ? [`${optional[1]}/:${optional[2]}`, optional[1] || '/'] : [path];
}

interface Compiled {
  readonly name: ScreenName;
  readonly matcher: RegExp;
  readonly params: string[];
}

function compile(name: ScreenName, path: string): Compiled {
  const params: string[] = [];
  const source = path
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)/g, (_, param: string) => {
      params.push(param);
      return '/([^\\/]+)';
    });
  return { name, matcher: new RegExp(`^${source}\\/*$`, 'i'), params };
}

const COMPILED = SCREEN_NAMES.flatMap((name) => explode(SCREENS[name].path).map((path) => compile(name, path)));

/** Each segment decoded, a decoded `/` kept encoded; the path as it is when one is malformed. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

export function bootScreenMatch(pathname: string): ScreenMatch | null {
  // The router reads an empty path as `/`.
  const decoded = decodePath(pathname || '/');
  for (const { name, matcher, params } of COMPILED) {
    const match = matcher.exec(decoded);
    if (match) return { name, params: Object.fromEntries(params.map((param, i) => [param, match[i + 1].replace(/%2F/g, '/')])) };
  }
  return null;
}
