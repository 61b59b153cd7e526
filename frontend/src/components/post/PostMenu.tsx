import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { GroupId, MESSAGES, canEditPost, editDeadline, type CurrentUser, type Post } from '@cloud9/contracts';
import { minutesLeft } from '../../lib/relativeTime';

interface PostMenuProps {
  post: Post;
  user: CurrentUser | null;
  onEdit: () => void;
  onDelete: () => void;
}

interface Entry {
  label: string;
  onSelect?: () => void;
  danger?: boolean;
}

/** The author edits (within the plan's window) and deletes; groups 1–2 may Admin Delete. */
function entriesFor(post: Post, user: CurrentUser | null, onEdit: () => void, onDelete: () => void): Entry[] {
  if (user && user.id === post.user_id) {
    const entries: Entry[] = [];
    if (canEditPost(user, post)) {
      const deadline = editDeadline(user.group_id, post.createdAt);
      entries.push({ label: deadline ? `Edit (${minutesLeft(deadline)} min left)` : 'Edit', onSelect: onEdit });
    }
    entries.push({ label: 'Delete', onSelect: onDelete, danger: true });
    return entries;
  }
  if (user && (user.group_id === GroupId.Admin || user.group_id === GroupId.Staff2)) {
    return [{ label: MESSAGES.post.adminDelete, onSelect: onDelete, danger: true }, { label: 'Block' }, { label: 'Warn' }];
  }
  return [{ label: 'Not interested' }, { label: 'Mute' }, { label: 'Report' }, { label: 'Block' }];
}

/** The '⋯' menu of a post card. Entries without an action are shown disabled. */
export function PostMenu({ post, user, onEdit, onDelete }: PostMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const first = menu.current?.querySelector<HTMLButtonElement>('[role="menuitem"]:not([disabled])');
    (first ?? menu.current)?.focus();
    const onDown = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = Array.from(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not([disabled])') ?? []);
    if (items.length === 0) return;
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const next = event.key === 'ArrowDown' ? (index + 1) % items.length : (index - 1 + items.length) % items.length;
    items[next].focus();
  };

  const entries = open ? entriesFor(post, user, onEdit, onDelete) : [];

  return (
    <div className="post-menu" ref={wrapper}>
      <button
        ref={trigger}
        type="button"
        className="post-menu-trigger"
        aria-label="Post options"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <div id={menuId} ref={menu} className="post-menu-list" role="menu" aria-label="Post options" tabIndex={-1} onKeyDown={onKeyDown}>
          {entries.map((entry) => (
            <button
              key={entry.label}
              type="button"
              role="menuitem"
              className={`post-menu-item${entry.danger ? ' post-menu-item-danger' : ''}`}
              disabled={!entry.onSelect}
              onClick={() => {
                setOpen(false);
                entry.onSelect?.();
              }}
            >
              {entry.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
