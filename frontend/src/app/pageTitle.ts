import { normalizeTag } from '@cloud9/contracts';
import { screenMatch } from './screenMatch';
import { SCREENS, type Screen } from './screens';

/** How a path parameter names a page (a screen's `namedBy`); null when it cannot. */
const NAMED_BY: Record<NonNullable<Screen['namedBy']>, (value: string) => string | null> = {
  username: (username) => `@${username}`,
  tag: (tag) => {
    const normalized = normalizeTag(tag);
    return normalized && `#${normalized}`;
  },
};

/**
 * The page name a signed-in path shows in the browser tab: its screen's title (screens.ts); another
 * member's profile is named by their handle, a tag's feed by the tag.
 */
export function pageTitle(pathname: string): string {
  const match = screenMatch(pathname);
  if (!match) return SCREENS.home.title;
  const { title, namedBy }: Screen = SCREENS[match.name];
  const value = namedBy && match.params[namedBy];
  return (value && NAMED_BY[namedBy](value)) || title;
}
