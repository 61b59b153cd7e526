import {
  canDeleteAccount, canDeletePost, canEditPost, canEditProfile, canFollow, canManageNotice,
  canPostNotice, canRequestBoost, canUseAdminTools, isSubscribablePlanId,
} from './permissions';

const user = (id: number, group_id: number) => ({ id, group_id });

describe('permissions', () => {
  it('only the owner edits a profile', () => {
    expect(canEditProfile(user(1, 5), 1)).toBe(true);
    expect(canEditProfile(user(2, 1), 1)).toBe(false);
    expect(canEditProfile(null, 1)).toBe(false);
  });
  it('the account owner or an admin deletes an account', () => {
    expect(canDeleteAccount(user(3, 5), 3)).toBe(true);
    expect(canDeleteAccount(user(4, 1), 3)).toBe(true);
    expect(canDeleteAccount(user(4, 2), 3)).toBe(false);
  });
  it('the author or groups 1–2 delete a post', () => {
    expect(canDeletePost(user(5, 5), 5)).toBe(true);
    expect(canDeletePost(user(6, 1), 5)).toBe(true);
    expect(canDeletePost(user(6, 2), 5)).toBe(true);
    expect(canDeletePost(user(6, 3), 5)).toBe(false);
    expect(canDeletePost(user(6, 9), 5)).toBe(false);
  });
  it('only the author edits, inside the window', () => {
    const post = { user_id: 7, createdAt: new Date(Date.now() - 10 * 60_000).toISOString() };
    expect(canEditPost(user(7, 6), post)).toBe(true);
    expect(canEditPost(user(7, 5), post)).toBe(false);
    expect(canEditPost(user(8, 1), post)).toBe(false);
  });
  it('boost requests are for groups 6–9 on their own post', () => {
    expect(canRequestBoost(user(9, 6), 9)).toBe(true);
    expect(canRequestBoost(user(9, 9), 9)).toBe(true);
    expect(canRequestBoost(user(9, 5), 9)).toBe(false);
    expect(canRequestBoost(user(9, 1), 9)).toBe(false);
    expect(canRequestBoost(user(9, 7), 10)).toBe(false);
  });
  it('groups 1–4 post notices; admin manages any, staff their own', () => {
    expect([1, 2, 3, 4, 5, 6].map((g) => canPostNotice(user(1, g)))).toEqual([true, true, true, true, false, false]);
    expect(canManageNotice(user(1, 1), 2)).toBe(true);
    expect(canManageNotice(user(2, 3), 2)).toBe(true);
    expect(canManageNotice(user(2, 3), 4)).toBe(false);
    expect(canManageNotice(user(2, 6), 2)).toBe(false);
  });
  it('admin tools are for group 1 only', () => {
    expect(canUseAdminTools(user(1, 1))).toBe(true);
    expect(canUseAdminTools(user(1, 2))).toBe(false);
  });
  it('nobody follows themselves', () => {
    expect(canFollow(user(1, 5), 1)).toBe(false);
    expect(canFollow(user(1, 5), 2)).toBe(true);
    expect(canFollow(null, 2)).toBe(false);
  });
  it('only plans 6–9 are subscribable', () => {
    expect([5, 6, 7, 8, 9].map(isSubscribablePlanId)).toEqual([false, true, true, true, true]);
  });
});
