import { randomBytes } from 'node:crypto';
import { GroupId, MESSAGES, type Post, type PostThread, type UserSearchResult, type UserSuggestion } from '@cloud9/contracts';
import { PASSWORD, signUp, type SignedIn } from '../support/app';
import { sessionCookieOf, type WatchedApp } from '../support/harness';
import { SocketClients, startInstance, type ClientSocket } from '../support/instances';

/** Letters only, so no other suite's usernames start with it. */
const freshPrefix = () => `vz${randomBytes(4).toString('hex').replace(/\d/g, (d) => 'ghijklmnop'[Number(d)])}`;

/**
 * Blocks and suspensions hold on every read (issue 28, item 2): a post opened by id, its thread,
 * replies and history, the answers of reply and edit, the @ autocomplete, user search and the live
 * "new posts" signal never show an account the viewer may not see (a block either way; a suspended
 * account, but to staff).
 */
describe('blocks and suspensions hold on every read', () => {
  let t: WatchedApp;
  let url: string;
  let moderator: SignedIn;
  let reporter: SignedIn;
  const clients = new SocketClients();

  beforeAll(async () => {
    ({ t, url } = await startInstance(`${process.env.REDIS_PREFIX}vis:`));
    moderator = await signUp(t, { groupId: GroupId.Staff3 });
    reporter = await signUp(t);
  });
  afterAll(async () => {
    clients.closeSockets();
    await t?.close();
  });

  const post = async (who: SignedIn, content = 'a post') => (await who.agent.post('/api/posts').send({ content, category: 'General' }).expect(201)).body as Post;
  const reply = async (who: SignedIn, parentId: number, content = 'a reply') => (await who.agent.post(`/api/posts/${parentId}/reply`).send({ content }).expect(201)).body as Post;
  const block = (who: SignedIn, other: SignedIn) => who.agent.post(`/api/blocks/${other.user.id}`).expect(200);
  const as = (who: SignedIn | null) => (who ? who.agent : t.request());
  async function suspend(member: SignedIn): Promise<void> {
    const id = (await reporter.agent.post('/api/reports').send({ targetType: 'user', targetId: member.user.id, reason: 'spam' }).expect(201)).body.id;
    await moderator.agent.post(`/api/moderation/reports/${id}/actions`).send({ action: 'suspend', until: new Date(Date.now() + 86_400_000).toISOString() }).expect(200);
  }

  it('a post opened by id, and the edit answer, show an original by an account with a block either way as null and hidden (a mute hides nothing here)', async () => {
    const author = await signUp(t);
    const viewer = await signUp(t, { groupId: GroupId.Silver }); // Silver may edit for 30 minutes
    const original = await post(author, 'the original');
    const mine = await reply(viewer, original.id, 'my reply');
    expect(mine.originalPost?.id).toBe(original.id);
    await block(author, viewer);

    const read = (await viewer.agent.get(`/api/posts/${mine.id}`).expect(200)).body as Post;
    expect(read).toEqual(expect.objectContaining({ id: mine.id, originalPost: null, originalHidden: true }));
    const edited = (await viewer.agent.put(`/api/posts/${mine.id}/edit`).send({ content: 'my reply, edited' }).expect(200)).body.post as Post;
    expect(edited).toEqual(expect.objectContaining({ content: 'my reply, edited', originalPost: null, originalHidden: true }));
    // The other way too: the author opening the reply of the account they blocked gets the 404 of a missing post.
    expect((await author.agent.get(`/api/posts/${mine.id}`).expect(404)).body.error).toBe(MESSAGES.post.notFoundOrDeleted);
    // Anyone else still sees both.
    const other = await signUp(t);
    expect(((await other.agent.get(`/api/posts/${mine.id}`).expect(200)).body as Post).originalPost?.id).toBe(original.id);
    // A mute is no block: a muted author's post opened by id, and as an original, stays visible (muting cleans lists only).
    await other.agent.post(`/api/mutes/${author.user.id}`).expect(200);
    await other.agent.get(`/api/posts/${original.id}`).expect(200);
    expect(((await other.agent.get(`/api/posts/${mine.id}`).expect(200)).body as Post).originalPost?.id).toBe(original.id);
  });

  it('a thread’s ancestors stop below the first post by an account the viewer may not see, which is said to be hidden', async () => {
    const [rootAuthor, blocker, middleAuthor, viewer] = [await signUp(t), await signUp(t), await signUp(t), await signUp(t)];
    const root = await post(rootAuthor, 'the root');
    const hidden = await reply(blocker, root.id, 'by the blocker');
    const middle = await reply(middleAuthor, hidden.id, 'the middle');
    const focus = await reply(viewer, middle.id, 'the focus');
    const direct = await reply(viewer, hidden.id, 'straight under the blocker');
    await block(blocker, viewer);

    const thread = (await viewer.agent.get(`/api/posts/${focus.id}/thread`).expect(200)).body as PostThread;
    expect(thread.ancestors.map((p) => p.id)).toEqual([middle.id]);
    expect(thread.ancestors[0]).toEqual(expect.objectContaining({ originalPost: null, originalHidden: true }));
    expect(thread.post.originalPost?.id).toBe(middle.id);
    expect(JSON.stringify(thread)).not.toContain('by the blocker');
    const underIt = (await viewer.agent.get(`/api/posts/${direct.id}/thread`).expect(200)).body as PostThread;
    expect(underIt.ancestors).toEqual([]);
    expect(underIt.post).toEqual(expect.objectContaining({ originalPost: null, originalHidden: true }));
    // Anyone else reads the whole chain.
    const full = (await t.request().get(`/api/posts/${focus.id}/thread`).expect(200)).body as PostThread;
    expect(full.ancestors.map((p) => p.id)).toEqual([root.id, hidden.id, middle.id]);
  });

  it('a suspended author’s posts answer 404 to everyone but staff, by id, thread, replies and history; replying to one is a 404; an original by them is hidden', async () => {
    const author = await signUp(t);
    const member = await signUp(t);
    const admin = await signUp(t, { groupId: GroupId.Admin });
    const staff = await signUp(t, { groupId: GroupId.Staff2 });
    const suspendedPost = await post(author, 'soon suspended');
    const answer = await reply(member, suspendedPost.id, 'an answer');
    await suspend(author);

    for (const who of [null, member]) {
      for (const path of ['', '/thread', '/replies', '/history']) {
        const res = await as(who).get(`/api/posts/${suspendedPost.id}${path}`);
        expect({ path, status: res.status, error: res.body.error }).toEqual({ path, status: 404, error: MESSAGES.post.notFoundOrDeleted });
      }
      expect((await as(who).get(`/api/posts/${answer.id}`).expect(200)).body).toEqual(expect.objectContaining({ originalPost: null, originalHidden: true }));
      const thread = (await as(who).get(`/api/posts/${answer.id}/thread`).expect(200)).body as PostThread;
      expect(thread).toEqual(expect.objectContaining({ ancestors: [], post: expect.objectContaining({ originalPost: null, originalHidden: true }) }));
    }
    expect((await member.agent.post(`/api/posts/${suspendedPost.id}/reply`).send({ content: 'hello?' }).expect(404)).body.error).toBe(MESSAGES.post.notFoundOrDeleted);
    expect((await t.db.query('SELECT replies_count FROM posts WHERE id = $1', [suspendedPost.id]))[0].replies_count).toBe(1);

    for (const who of [staff, admin]) {
      for (const path of ['', '/thread', '/replies', '/history']) await who.agent.get(`/api/posts/${suspendedPost.id}${path}`).expect(200);
      expect(((await who.agent.get(`/api/posts/${answer.id}`).expect(200)).body as Post).originalPost?.id).toBe(suspendedPost.id);
    }
  });

  it('the @ autocomplete and user search leave out accounts with a block either way (signed out, search finds them all)', async () => {
    const p = freshPrefix();
    const viewer = await signUp(t, { username: `${p}_viewer` });
    const blockedByViewer = await signUp(t, { username: `${p}_blocked` });
    const blocksViewer = await signUp(t, { username: `${p}_blocker` });
    const free = await signUp(t, { username: `${p}_free` });
    await block(viewer, blockedByViewer);
    await block(blocksViewer, viewer);

    const suggested = ((await viewer.agent.get('/api/users/suggest').query({ prefix: p }).expect(200)).body as { items: UserSuggestion[] }).items;
    expect(suggested.map((u) => u.username)).toEqual([free.user.username]);
    const found = (await viewer.agent.get(`/api/search/user/${p}`).expect(200)).body as UserSearchResult[];
    expect(found.map((u) => u.username).sort()).toEqual([free.user.username, viewer.user.username].sort());
    // Not even by its exact name.
    const exact = await viewer.agent.get(`/api/search/user/${blocksViewer.user.username}`);
    expect(exact.status === 404 ? [] : (exact.body as UserSearchResult[]).map((u) => u.username)).not.toContain(blocksViewer.user.username);
    const anyone = (await t.request().get(`/api/search/user/${p}`).expect(200)).body as UserSearchResult[];
    expect(anyone.map((u) => u.username).sort()).toEqual([blockedByViewer, blocksViewer, free, viewer].map((u) => u.user.username).sort());
    // The blocked account does not find the viewer either.
    expect((await blockedByViewer.agent.get('/api/users/suggest').query({ prefix: `${p}_v` }).expect(200)).body.items).toEqual([]);
  });

  it('post:created names neither the post nor its author: a reader the author blocked learns nothing of who posted what', async () => {
    const author = await signUp(t);
    const blocked = await signUp(t);
    await block(author, blocked);
    const socketOf = async (who: SignedIn) =>
      clients.connect(url, sessionCookieOf(await t.request().post('/api/login').send({ username: who.user.username, password: PASSWORD }).expect(200)));
    const [blockedSocket, authorSocket]: ClientSocket[] = [await socketOf(blocked), await socketOf(author)];
    const payloads: unknown[] = [];
    blockedSocket.on('post:created', (payload) => payloads.push(payload));
    let authorHeard = 0;
    authorSocket.on('post:created', () => (authorHeard += 1));

    const made = await post(author, 'not for blocked eyes');
    const deadline = Date.now() + 5000;
    while (!payloads.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(payloads).toEqual([{ category: made.category, createdAt: made.createdAt }]);
    await new Promise((r) => setTimeout(r, 200));
    expect(authorHeard).toBe(0); // the author's own screens already show it
  });
});
