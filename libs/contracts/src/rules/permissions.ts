import { GroupId, isAdmin, isPaidPlan, isStaff } from '../groups';
import { canEditWithinWindow } from './edit-window';

/** Who may do what. The server enforces these; the client hides what is not allowed. */
export interface Actor {
  id: number;
  group_id: number;
}

export const canEditProfile = (actor: Actor | null, profileUserId: number): boolean =>
  !!actor && actor.id === profileUserId;

export const canDeleteAccount = (actor: Actor | null, targetUserId: number): boolean =>
  !!actor && (actor.id === targetUserId || isAdmin(actor.group_id));

/** The author, or groups 1 and 2 ('Admin Delete'). */
export const canDeletePost = (actor: Actor | null, postAuthorId: number): boolean =>
  !!actor && (actor.id === postAuthorId || actor.group_id === GroupId.Admin || actor.group_id === GroupId.Staff2);

export const canEditPost = (actor: Actor | null, post: { user_id: number; createdAt: string | Date }, now = new Date()): boolean =>
  !!actor && actor.id === post.user_id && canEditWithinWindow(actor.group_id, post.createdAt, now);

/** Groups 6–9 on their own post. */
export const canRequestBoost = (actor: Actor | null, postAuthorId: number): boolean =>
  !!actor && actor.id === postAuthorId && isPaidPlan(actor.group_id);

export const canPostNotice = (actor: Actor | null): boolean =>
  !!actor && (isAdmin(actor.group_id) || isStaff(actor.group_id));

/** Admin any notice; staff their own. */
export const canManageNotice = (actor: Actor | null, noticeAuthorId: number): boolean =>
  !!actor && (isAdmin(actor.group_id) || (isStaff(actor.group_id) && actor.id === noticeAuthorId));

export const canUseAdminTools = (actor: Actor | null): boolean => !!actor && isAdmin(actor.group_id);

/** Groups 1–4 see the moderation queue (here, not in moderation.ts, so the shell's link to it does not load that module). */
export const canModerate = (actor: Actor | null): boolean => !!actor && (isAdmin(actor.group_id) || isStaff(actor.group_id));

export const canFollow = (actor: Actor | null, targetUserId: number): boolean =>
  !!actor && actor.id !== targetUserId;

/** The Subscribe button and annual price show only for plans 6–9. */
export const isSubscribablePlanId = (groupId: number): boolean => isPaidPlan(groupId);
