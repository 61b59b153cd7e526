import type { Post } from '@cloud9/contracts';
import { lazyWithTimeout } from '../../lib/lazyWithTimeout';

/** The card's dialogs load on first use, so a feed ships only the cards. */
export const ReplyDialog = lazyWithTimeout<{ post: Post; onClose: () => void; onReplied: (reply: Post) => void }>(() =>
  import('./ReplyDialog').then((m) => m.ReplyDialog),
);
export const EditPostDialog = lazyWithTimeout<{ post: Post; onClose: () => void; onSaved: (post: Post) => void }>(() =>
  import('./EditPostDialog').then((m) => m.EditPostDialog),
);
export const PostHistoryDialog = lazyWithTimeout<{ post: Post; onClose: () => void }>(() =>
  import('./PostHistoryDialog').then((m) => m.PostHistoryDialog),
);
