import { MESSAGES, type Post } from '@cloud9/contracts';
import { notify } from '../notify';

/** The post's permalink, absolute (it leaves the app). */
const postUrl = (postId: number): string => new URL(`/post/${postId}`, window.location.origin).href;

/**
 * The system share sheet where the browser has one (phones); elsewhere, or when the sheet cannot
 * open, the link goes to the clipboard and a toast says so. Closing the sheet is not a failure.
 */
export async function sharePost(post: Pick<Post, 'id' | 'username'>): Promise<void> {
  const url = postUrl(post.id);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: `Post by @${post.username}`, url });
      return;
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      console.error('Share failed', err);
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    notify(MESSAGES.share.linkCopied);
  } catch (err) {
    console.error('Copy failed', err);
    notify(MESSAGES.share.copyFailed);
  }
}
