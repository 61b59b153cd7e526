import request from 'supertest';
import { MESSAGES, type FollowUser, type Page, type Post } from '@cloud9/contracts';
import { bootApp, signUp, signUpMany, type SignedIn, type TestApp } from '../support/app';
import { plansOf } from '../support/query-plans';

/** GET /api/posts/:id/likes: who liked a post, newest like first, as the viewer may see them. */
describe("a post's likers", () => {
  let a: TestApp;
  let author: SignedIn;

  const newPost = async (who: SignedIn, content: string): Promise<number> => ((await who.agent.post('/api/posts').send({ content }).expect(201)).body as Post).id;
  const like = (who: SignedIn, id: number) => who.agent.post(`/api/posts/${id}/like`).send({}).expect(200);
  const likers = (id: number | string, query = '', who?: SignedIn) => (who ? who.agent : request(a.app.getHttpServer())).get(`/api/posts/${id}/likes${query}`);
  /** Every page in turn, `limit` at a time: the usernames in order. */
  const allLikers = async (id: number, limit: number, who?: SignedIn): Promise<string[]> => {
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<FollowUser> = (await likers(id, `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, who).expect(200)).body;
      expect(page.items.length).toBeLessThanOrEqual(limit);
      names.push(...page.items.map((u) => u.username));
      cursor = page.nextCursor;
    } while (cursor);
    return names;
  };

  beforeAll(async () => {
    a = await bootApp();
    author = await signUp(a);
  });
  afterAll(async () => {
    await a?.close();
  });

  it('pages the likers newest like first, each once, to anyone signed in or out', async () => {
    const id = await newPost(author, 'liked by many');
    const fans = await signUpMany(a, 7);
    for (const fan of fans) await like(fan, id);
    // Likes made within one millisecond tie on time: the keyset's second column orders them.
    await a.db.query(`UPDATE likes SET created_at = '2026-01-01T00:00:00Z' WHERE post_id = $1 AND user_id = ANY($2::bigint[])`, [id, fans.slice(0, 3).map((f) => f.user.id)]);
    const tied = fans.slice(0, 3).sort((x, y) => y.user.id - x.user.id);
    const expected = [...fans.slice(3).reverse(), ...tied].map((f) => f.user.username);

    expect(await allLikers(id, 2)).toEqual(expected);
    expect(await allLikers(id, 3, author)).toEqual(expected);
    const first: Page<FollowUser> = (await likers(id, '?limit=100').expect(200)).body;
    expect(first.nextCursor).toBeNull();
    expect(first.items[0]).toEqual({ id: fans[6].user.id, name: null, username: fans[6].user.username, thumbnail: null, isFollowing: false });
  });

  it('says whom the viewer follows, and drops an unlike', async () => {
    const id = await newPost(author, 'followed fans');
    const [fan, other] = await signUpMany(a, 2);
    await like(fan, id);
    await like(other, id);
    await author.agent.post('/api/follow').send({ followerId: author.user.id, followedId: fan.user.id }).expect(200);
    const seen: Page<FollowUser> = (await likers(id, '', author).expect(200)).body;
    expect(seen.items.map((u) => [u.username, u.isFollowing])).toEqual([[other.user.username, false], [fan.user.username, true]]);
    // Signed out, nobody is followed.
    expect(((await likers(id).expect(200)).body as Page<FollowUser>).items.map((u) => u.isFollowing)).toEqual([false, false]);
    await like(other, id); // the toggle: unliked
    expect(((await likers(id).expect(200)).body as Page<FollowUser>).items.map((u) => u.username)).toEqual([fan.user.username]);
  });

  it('leaves out the accounts with a block between them and the viewer, and is a 404 where the author is blocked', async () => {
    const id = await newPost(author, 'blocks apply');
    const [fan, blocked, viewer] = await signUpMany(a, 3);
    await like(fan, id);
    await like(blocked, id);
    await viewer.agent.post(`/api/blocks/${blocked.user.id}`).expect(200);
    expect(((await likers(id, '', viewer).expect(200)).body as Page<FollowUser>).items.map((u) => u.username)).toEqual([fan.user.username]);
    // Everyone else still sees both.
    expect(((await likers(id, '', fan).expect(200)).body as Page<FollowUser>).items).toHaveLength(2);
    // A block by the author (either way) hides the post itself, and so its likers.
    await author.agent.post(`/api/blocks/${viewer.user.id}`).expect(200);
    expect((await likers(id, '', viewer).expect(404)).body.error).toBe(MESSAGES.post.notFoundOrDeleted);
  });

  it('answers 404 for a missing or deleted post and 400 for a bad id, limit or cursor, with catalogue messages', async () => {
    expect((await likers(99999999).expect(404)).body.error).toBe(MESSAGES.post.notFoundOrDeleted);
    const id = await newPost(author, 'soon gone');
    await author.agent.delete(`/api/posts/${id}`).expect(200);
    expect((await likers(id).expect(404)).body.error).toBe(MESSAGES.post.notFoundOrDeleted);
    for (const bad of ['abc', '0', '-1', '1.5']) expect((await likers(bad).expect(400)).body).toEqual({ success: false, error: MESSAGES.http.invalidId, statusCode: 400 });
    const live = await newPost(author, 'still here');
    expect((await likers(live, '?cursor=not-a-cursor').expect(400)).body.error).toBe(MESSAGES.post.invalidCursor);
    for (const limit of ['0', '101', 'x']) expect((await likers(live, `?limit=${limit}`).expect(400)).body.error).toBe(MESSAGES.http.badRequest);
  });

  it('reads a page along likes_post_recent, without sorting the post\'s likes', async () => {
    const id = await newPost(author, 'plan');
    const plan = await plansOf(a, /FROM likes l JOIN users u/, () => likers(id, '?limit=5').expect(200), ['enable_sort']);
    expect(plan).toMatch(/likes_post_recent/);
    expect(plan).not.toMatch(/Sort/);
  });
});
