import { useCallback, useRef, useState } from 'react';
import { MESSAGES, type Post } from '@cloud9/contracts';
import { useToggleBookmark } from '../../queries/bookmarks';
import { useLikePost, useRepostPost } from '../../queries/posts';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { notify } from '../notify';

export interface PostState {
  post: Post;
  setPost: (update: (post: Post) => Post) => void;
  toggleLike: () => void;
  toggleRepost: () => void;
  toggleBookmark: () => void;
}

/**
 * One card's copy of its post. Like, repost and bookmark are optimistic, then take the server's
 * answer (which the mutations also write to every cached copy); a failed like or repost is only
 * logged and undone, a failed bookmark undone and said (the member asked to keep something).
 */
export function usePostState(initial: Post): PostState {
  const [post, setPostState] = useState(initial);
  const [source, setSource] = useState(initial);
  if (source !== initial) {
    // The list handed us a fresher post object: start from it.
    setSource(initial);
    setPostState(initial);
  }
  const user = useSessionStore(selectCurrentUser);
  const { mutateAsync: sendLike } = useLikePost();
  const { mutateAsync: sendRepost } = useRepostPost();
  const { mutateAsync: sendBookmark } = useToggleBookmark();
  const pending = useRef({ like: false, repost: false, bookmark: false });

  const setPost = useCallback((update: (post: Post) => Post) => setPostState(update), []);

  const toggleLike = useCallback(() => {
    if (!user) {
      notify(MESSAGES.post.mustBeLoggedInToLike);
      return;
    }
    if (pending.current.like) return;
    pending.current.like = true;
    const before = { likedByMe: post.likedByMe, likes: post.likes };
    setPostState((p) => ({ ...p, likedByMe: !before.likedByMe, likes: Math.max(0, before.likes + (before.likedByMe ? -1 : 1)) }));
    sendLike(post.id)
      .then((res) => setPostState((p) => ({ ...p, likedByMe: res.liked, likes: res.likes })))
      .catch((err: unknown) => {
        console.error('Like failed', err);
        setPostState((p) => ({ ...p, ...before }));
      })
      .finally(() => {
        pending.current.like = false;
      });
  }, [user, post.id, post.likedByMe, post.likes, sendLike]);

  const toggleRepost = useCallback(() => {
    if (!user) {
      notify(MESSAGES.post.mustBeLoggedInToRepost);
      return;
    }
    if (pending.current.repost) return;
    pending.current.repost = true;
    const before = { repostedByMe: post.repostedByMe, repostsCount: post.repostsCount };
    setPostState((p) => ({
      ...p,
      repostedByMe: !before.repostedByMe,
      repostsCount: Math.max(0, before.repostsCount + (before.repostedByMe ? -1 : 1)),
    }));
    sendRepost(post.id)
      .then((res) => setPostState((p) => ({ ...p, repostedByMe: res.reposted, repostsCount: res.reposts })))
      .catch((err: unknown) => {
        console.error('Repost failed', err);
        setPostState((p) => ({ ...p, ...before }));
      })
      .finally(() => {
        pending.current.repost = false;
      });
  }, [user, post.id, post.repostedByMe, post.repostsCount, sendRepost]);

  const toggleBookmark = useCallback(() => {
    if (!user) {
      notify(MESSAGES.bookmarks.mustBeLoggedIn);
      return;
    }
    if (pending.current.bookmark) return;
    pending.current.bookmark = true;
    const before = post.bookmarked;
    setPostState((p) => ({ ...p, bookmarked: !before }));
    sendBookmark({ postId: post.id, bookmarked: !before })
      .then((res) => setPostState((p) => ({ ...p, bookmarked: res.bookmarked })))
      .catch((err: unknown) => {
        console.error('Bookmark failed', err);
        setPostState((p) => ({ ...p, bookmarked: before }));
        notify(MESSAGES.bookmarks.saveFailed);
      })
      .finally(() => {
        pending.current.bookmark = false;
      });
  }, [user, post.id, post.bookmarked, sendBookmark]);

  return { post, setPost, toggleLike, toggleRepost, toggleBookmark };
}
