import { BadRequestException } from '@nestjs/common';
import { ALT_TEXT_MESSAGES, MESSAGES, MODERATION_MESSAGES, ROUTES } from '@cloud9/contracts';
import { parseWith } from './request-schemas';

/** The 400's message, or 'accepted'. */
function refusal(run: () => unknown): string {
  try {
    run();
    return 'accepted';
  } catch (error) {
    if (!(error instanceof BadRequestException)) throw error;
    return (error.getResponse() as { message: string }).message;
  }
}

describe('request schemas (the route table, as @Params, @QueryOf and @BodyOf read it)', () => {
  const post = ROUTES.posts.create.body;
  const feed = ROUTES.posts.list.query;

  it('drops unknown fields and keeps the known ones', () => {
    expect(parseWith(post, { content: 'hi', gif: null, isAdmin: true, __proto__x: 1 })).toEqual({ content: 'hi', gif: null });
    expect(parseWith(feed, { tab: 'following', evil: '1' })).toEqual({ tab: 'following' });
  });

  it('refuses null where a field may only be absent, takes it where null means none', () => {
    expect(refusal(() => parseWith(ROUTES.posts.like.body, { username: null }))).toBe(MESSAGES.http.badRequest);
    expect(refusal(() => parseWith(feed, { cursor: null }))).toBe(MESSAGES.post.invalidCursor);
    expect(parseWith(post, { content: 'x', gif: null, alt: null })).toEqual({ content: 'x', gif: null, alt: null });
  });

  it('answers the catalogue message of the first failing field, in the order the API always judged them', () => {
    expect(refusal(() => parseWith(ROUTES.auth.login.body, {}))).toBe(MESSAGES.auth.invalidCredentials);
    expect(refusal(() => parseWith(ROUTES.auth.login.body, { username: '', password: 'x' }))).toBe(MESSAGES.auth.usernameRequired);
    expect(refusal(() => parseWith(ROUTES.users.register.body, { username: 'ok_name', email: 'nope', password: 'longenough1' }))).toBe(MESSAGES.auth.emailInvalid);
    expect(refusal(() => parseWith(post, { alt: 5 }))).toBe(ALT_TEXT_MESSAGES.invalid);
    expect(refusal(() => parseWith(post, { category: 'Nope' }))).toBe(MESSAGES.post.categoryInvalid);
    // the query's own fields before the paging fields
    expect(refusal(() => parseWith(ROUTES.moderation.queue.query, { limit: '0', status: 'x' }))).toBe(MODERATION_MESSAGES.invalidStatus);
    expect(refusal(() => parseWith(ROUTES.notifications.saveSettings.body, { like: true, likes: true }))).toBe(MESSAGES.notificationSettings.unknownSetting);
    expect(refusal(() => parseWith(ROUTES.notifications.saveSettings.body, { like: 'yes' }))).toBe(MESSAGES.notificationSettings.notBoolean);
  });

  it('reads numbers from digits only where the schema says so, and nothing else', () => {
    expect(parseWith(feed, { limit: '007' })).toEqual({ limit: 7 });
    for (const limit of ['1e1', '0x10', '-1', ' 5', '5.0', '101', '0', ['5', '6']]) expect(refusal(() => parseWith(feed, { limit }))).toBe(MESSAGES.http.badRequest);
    expect(parseWith(ROUTES.bookmarks.add.body, { postId: '12' })).toEqual({ postId: 12 });
    expect(refusal(() => parseWith(ROUTES.bookmarks.add.body, { postId: 2147483648 }))).toBe(MESSAGES.bookmarks.invalidPostId);
  });

  it("reads a multipart form's '' as absent where the form may leave a field empty", () => {
    expect(parseWith(ROUTES.posts.create.multipart.fields, { content: 'x', category: '', gif: '' })).toEqual({ content: 'x' });
    expect(parseWith(feed, { category: '' })).toEqual({});
  });

  it('takes path ids as canonical digits from 1 to 2147483647, else 400 invalidId', () => {
    const params = ROUTES.posts.get.params;
    expect(parseWith(params, { id: '42' })).toEqual({ id: 42 });
    expect(parseWith(params, { id: '2147483647' })).toEqual({ id: 2147483647 });
    for (const id of ['0', '01', '-1', '+1', '1e0', '1 ', '1.0', '2147483648', 'abc', '', '１']) expect(refusal(() => parseWith(params, { id }))).toBe(MESSAGES.http.invalidId);
  });

  it('bounds free text in a path at 100 characters (an emoji is one)', () => {
    const params = ROUTES.users.profile.params;
    expect(parseWith(params, { username: '💩'.repeat(100) })).toEqual({ username: '💩'.repeat(100) });
    expect(refusal(() => parseWith(params, { username: 'x'.repeat(101) }))).toBe(MESSAGES.http.pathTextTooLong);
  });

  it('answers the generic 400 for what no field names (a body that is no object)', () => {
    expect(refusal(() => parseWith(post, []))).toBe(MESSAGES.http.badRequest);
    expect(refusal(() => parseWith(post, 'text'))).toBe(MESSAGES.http.badRequest);
  });
});
