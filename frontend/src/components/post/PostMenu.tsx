import { GroupId, MESSAGES, canEditPost, editDeadline, type CurrentUser, type Post } from '@cloud9/contracts';
import { minutesLeft } from '../../lib/relativeTime';
import { useSafetyActions } from '../safety/useSafetyActions';
import { ActionMenu, type MenuEntry } from '../ui/ActionMenu';

interface PostMenuProps {
  post: Post;
  user: CurrentUser | null;
  onEdit: () => void;
  onDelete: () => void;
  onReport: () => void;
}

type SafetyActions = ReturnType<typeof useSafetyActions>;

/**
 * The author edits (within the plan's window) and deletes, and hides nothing of their own; groups
 * 1–2 may Admin Delete, block and warn; everyone else signed in may hide the post, mute, report or
 * block its author.
 */
function entriesFor(post: Post, user: CurrentUser | null, props: PostMenuProps, safety: SafetyActions): MenuEntry[] {
  if (user && user.id === post.user_id) {
    const entries: MenuEntry[] = [];
    if (canEditPost(user, post)) {
      const deadline = editDeadline(user.group_id, post.createdAt);
      entries.push({ label: deadline ? `Edit (${minutesLeft(deadline)} min left)` : 'Edit', onSelect: props.onEdit });
    }
    entries.push({ label: 'Delete', onSelect: props.onDelete, danger: true });
    return entries;
  }
  const author = { id: post.user_id, username: post.username };
  const block = { label: `Block @${post.username}`, onSelect: () => void safety.block(author), danger: true };
  if (user && (user.group_id === GroupId.Admin || user.group_id === GroupId.Staff2)) {
    return [
      { label: MESSAGES.post.adminDelete, onSelect: props.onDelete, danger: true },
      block,
      { label: `Warn @${post.username}`, onSelect: () => void safety.warn(post) },
    ];
  }
  return [
    { label: 'Not interested', onSelect: () => void safety.notInterested(post) },
    { label: `Mute @${post.username}`, onSelect: () => void safety.mute(author) },
    { label: 'Report post', onSelect: props.onReport },
    block,
  ];
}

/** The '⋯' menu of a post card (signed in only: a visitor has nothing to choose). */
export function PostMenu(props: PostMenuProps) {
  const safety = useSafetyActions();
  return <ActionMenu label="Post options" className="post-menu" entries={() => entriesFor(props.post, props.user, props, safety)} />;
}
