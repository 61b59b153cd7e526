import { useCallback, useRef, useState } from 'react';
import { MESSAGES, type Post } from '@cloud9/contracts';
import { useLikePost, useRepostPost } from '../../queries/posts';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { notify } from '../notify';

export interface PostState {
  post: Post;
  setPost: (update: (post: Post) => Post) => void;
  toggleLike: () => void;
  toggleRepost: () => void;
}

/**
 * One card's copy of its post. Like and repost are optimistic, then take the server's numbers
 * (which the mutations also write to every cached copy); a failure is only logged and
 * the change is undone.
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
  const pending = useRef({ like: false, repost: false });

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

  return { post, setPost, toggleLike, toggleRepost };
}
