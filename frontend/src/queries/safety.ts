import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { SAFETY_UI_MESSAGES, matchesMutedWords, type HiddenAccount, type MutedWord, type Post, type UserProfile } from '@cloud9/contracts';
import { addMutedWord, fetchBlocks, fetchMutedWords, fetchMutes, removeMutedWord } from '../api/safety';
import { mapPages, removeItem, type PagedData, type PagedQuery } from './paging';
import { postsKeys } from './postsKeys';
import { followsKeys, profileKeys } from './profiles';
import { usePagedQuery } from './usePagedQuery';

/** The signed-in member's own lists of what they hide. */
export const safetyKeys = {
  all: ['safety'] as const,
  mutes: () => [...safetyKeys.all, 'mutes'] as const,
  blocks: () => [...safetyKeys.all, 'blocks'] as const,
  mutedWords: () => [...safetyKeys.all, 'muted-words'] as const,
};

export type HideKind = 'mute' | 'block';

/** Puts back what `hidePosts` took out; posts already back (a reload) are not doubled. */
export type RestorePosts = () => void;

/**
 * Takes every post `hides` picks out of every cached list at once (feeds, profiles, tags, threads'
 * replies, bookmarks) and answers how to put them back where they were, for an Undo.
 */
export function hidePosts(queryClient: QueryClient, hides: (post: Post) => boolean): RestorePosts {
  const removed: { queryKey: QueryKey; at: { page: number; index: number; post: Post }[] }[] = [];
  for (const [queryKey, data] of queryClient.getQueriesData<PagedData<Post>>({ queryKey: postsKeys.lists() })) {
    const at: { page: number; index: number; post: Post }[] = [];
    const next = mapPages(data, (items, page) => {
      if (!items.some(hides)) return items;
      items.forEach((post, index) => hides(post) && at.push({ page, index, post }));
      return items.filter((post) => !hides(post));
    });
    if (at.length === 0) continue;
    removed.push({ queryKey, at });
    queryClient.setQueryData(queryKey, next);
  }
  return () => {
    for (const { queryKey, at } of removed) {
      queryClient.setQueryData<PagedData<Post>>(queryKey, (data) =>
        mapPages(data, (items, page) => {
          const back = at.filter((entry) => entry.page === page && !items.some((post) => post.id === entry.post.id));
          if (back.length === 0) return items;
          const next = [...items];
          // In ascending order each goes back to the index it had, the earlier ones already in place.
          for (const entry of back) next.splice(Math.min(entry.index, next.length), 0, entry.post);
          return next;
        }),
      );
    }
  };
}

/** What the profile answer tells its viewer (`viewer.muted` / `viewer.blocked`) follows the change at once. */
function setViewerHides(queryClient: QueryClient, userId: number, kind: HideKind, on: boolean): void {
  const flag = kind === 'mute' ? 'muted' : 'blocked';
  queryClient.setQueriesData<UserProfile>({ queryKey: profileKeys.details() }, (profile) =>
    profile?.id === userId ? { ...profile, viewer: { muted: false, blocked: false, ...profile.viewer, [flag]: on } } : profile,
  );
}

/** Lists and flags after a mute or block changed: the Settings list reads again; an unmute or unblock brings the posts back. */
export function afterHideChange(queryClient: QueryClient, userId: number, kind: HideKind, on: boolean): void {
  setViewerHides(queryClient, userId, kind, on);
  void queryClient.invalidateQueries({ queryKey: kind === 'mute' ? safetyKeys.mutes() : safetyKeys.blocks() });
  // A block ends follows both ways: the profiles' counts change.
  if (kind === 'block') {
    void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    void queryClient.invalidateQueries({ queryKey: followsKeys.all });
  }
  if (!on) void queryClient.invalidateQueries({ queryKey: postsKeys.lists() });
}

export const useHiddenAccounts = (kind: HideKind): PagedQuery<HiddenAccount> =>
  usePagedQuery(
    kind === 'mute' ? safetyKeys.mutes() : safetyKeys.blocks(),
    (cursor, signal) => (kind === 'mute' ? fetchMutes(cursor, signal) : fetchBlocks(cursor, signal)),
    SAFETY_UI_MESSAGES.listFailed,
  );

/** Leaves the Settings list at once (the list is read again after the change). */
export const dropHiddenAccount = (queryClient: QueryClient, kind: HideKind, userId: number) =>
  queryClient.setQueryData<PagedData<HiddenAccount>>(kind === 'mute' ? safetyKeys.mutes() : safetyKeys.blocks(), (data) => removeItem(data, userId));

export const useMutedWords = () =>
  useQuery({
    queryKey: safetyKeys.mutedWords(),
    queryFn: async ({ signal }): Promise<MutedWord[]> => {
      const res = await fetchMutedWords(signal);
      return Array.isArray(res?.items) ? res.items : [];
    },
    meta: { failureMessage: SAFETY_UI_MESSAGES.listFailed },
  });

/**
 * Adds a muted word: it joins the list (once, whatever the case: the server answers an existing
 * one), and the cached posts holding it leave the lists at once.
 */
export function useAddMutedWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMutedWord,
    onSuccess: (saved) => {
      queryClient.setQueryData<MutedWord[]>(safetyKeys.mutedWords(), (words = []) => [saved, ...words.filter((w) => w.id !== saved.id)]);
      hidePosts(queryClient, (post) => matchesMutedWords(post.content, [saved.word]));
    },
  });
}

/** Removes a muted word: it leaves the list at once; the lists read again to bring back what it hid. */
export function useRemoveMutedWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMutedWord,
    onMutate: (id) => {
      const before = queryClient.getQueryData<MutedWord[]>(safetyKeys.mutedWords());
      queryClient.setQueryData<MutedWord[]>(safetyKeys.mutedWords(), (words) => words?.filter((w) => w.id !== id));
      return { before };
    },
    onError: (_err, _id, context) => {
      if (context?.before) queryClient.setQueryData(safetyKeys.mutedWords(), context.before);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: postsKeys.lists() }),
  });
}
