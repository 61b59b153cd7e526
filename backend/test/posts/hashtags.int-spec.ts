import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { GroupId, MESSAGES, TRENDING, type Page, type Post, type TrendingTags } from '@cloud9/contracts';
import { failFastRedisOptions, REDIS, RedisKeys } from '../../src/common/redis.module';
import { HASHTAGS_QUEUE, TRENDING_JOB } from '../../src/jobs/job-map';
import { JobsService } from '../../src/jobs/jobs.service';
import { HashtagsRepository } from '../../src/modules/hashtags/hashtags.repository';
import { TRENDING_SCHEDULER } from '../../src/modules/hashtags/trending.jobs';
import { TrendingService } from '../../src/modules/hashtags/trending.service';
import { bootApp, signUp, signUpMany, type SignedIn, type TestApp } from '../support/app';
import { eventually } from '../support/harness';

/** Hashtag feeds (GET /api/posts?tag=) and trending tags (the hashtags/trending job, GET /api/trending). */
describe('hashtags: the tag feed and trending tags', () => {
  let t: TestApp;
  const tagName = (prefix = 't') => `${prefix}${randomBytes(5).toString('hex')}`;
  const create = async (who: SignedIn, content: string) => (await who.agent.post('/api/posts').send({ content }).expect(201)).body as Post;
  const tagFeed = async (agent: ReturnType<TestApp['agent']>, tag: string, query = '') =>
    (await agent.get(`/api/posts?tag=${encodeURIComponent(tag)}${query}`).expect(200)).body as Page<Post>;
  const ids = (page: Page<Post>) => page.items.map((p) => p.id);

  beforeAll(async () => {
    // Its own Redis prefix: the stored list and the schedule are this suite's alone.
    t = await bootApp({ REDIS_PREFIX: `${process.env.REDIS_PREFIX}hashtags:`, TRENDING_REFRESH_SECONDS: '60' });
  });
  afterAll(() => t?.close());

  describe('trending', () => {
    const runJob = async () => (await t.app.get(JobsService).runAndWait(HASHTAGS_QUEUE, TRENDING_JOB, {}, 20_000)).result as TrendingTags;

    it('is recomputed by a repeating job every TRENDING_REFRESH_SECONDS', async () => {
      const scheduler = await t.app.get(JobsService).queue(HASHTAGS_QUEUE).getJobScheduler(TRENDING_SCHEDULER);
      expect(scheduler).toEqual(expect.objectContaining({ name: TRENDING_JOB, every: 60_000 }));
    });

    it('answers the default topics (count 0) while no list is stored, publicly cacheable', async () => {
      // The schedule's first run (at start) must not store a list behind this test's back.
      const queue = t.app.get(JobsService).queue(HASHTAGS_QUEUE);
      expect(await eventually(async () => (await queue.getActiveCount()) + (await queue.getWaitingCount()) === 0, 10_000)).toBe(true);
      await t.app.get<Redis>(REDIS).del(t.app.get(RedisKeys).trending);
      const res = await t.agent().get('/api/trending').expect(200);
      expect(res.body).toEqual({ items: TRENDING.defaultTopics.map((tag) => ({ tag, count: 0 })) });
      expect(res.headers['cache-control']).toBe('public, no-cache');
      expect(res.headers.etag).toBeTruthy();
    });

    it('counts distinct accounts over the last 24 hours, lists tags used by at least two, best first, topped up with the default topics', async () => {
      const people = await signUpMany(t, 5);
      const [top, second, solo, old] = [tagName('top'), tagName('second'), tagName('solo'), tagName('old')];
      for (const who of people.slice(0, 4)) await create(who, `#${top} from me`);
      await create(people[0], `#${top.toUpperCase()} again`); // the same account again: still 4 accounts
      for (const who of people.slice(0, 3)) await create(who, `#${second}`);
      for (const who of people.slice(0, 3)) await create(who, '#News today'); // a default topic that trends: listed once, by its use
      await create(people[0], `#${solo} #${solo}`);
      await create(people[0], `#${solo} once more`); // one account alone is no trend
      await create(people[4], '#health');
      const oldPosts = [];
      for (const who of people) oldPosts.push((await create(who, `#${old}`)).id);
      await t.db.query(`UPDATE post_tags SET created_at = now() - interval '25 hours' WHERE post_id = ANY($1::bigint[])`, [oldPosts]);

      const result = await runJob();
      const listed = ((await t.agent().get('/api/trending').expect(200)).body as TrendingTags).items;
      expect(listed).toEqual(result.items);
      expect(listed.slice(0, 3)).toEqual([{ tag: top, count: 4 }, { tag: 'news', count: 3 }, { tag: second, count: 3 }]);
      const tags = listed.map((i) => i.tag);
      expect(tags).not.toContain(solo);
      expect(tags).not.toContain(old);
      expect(new Set(tags).size).toBe(tags.length);
      expect(listed).toHaveLength(TRENDING.size);
      // Other suites' tags may trend too: whatever qualifies (2+ accounts) comes first; the default topics it lacks fill the rest, most used first.
      const trending = listed.filter((i) => i.count >= TRENDING.minAuthors);
      expect(listed.slice(trending.length)).toEqual([{ tag: 'health', count: 1 }, { tag: 'la', count: 0 }, { tag: 'politics', count: 0 }].slice(0, TRENDING.size - trending.length));
    });

    it('answers the default topics when Redis is away or the stored list is unreadable', async () => {
      const settings = t.settings;
      const dead = new Redis('redis://127.0.0.1:1', { ...failFastRedisOptions(settings), lazyConnect: true, retryStrategy: () => null });
      dead.on('error', () => undefined);
      try {
        const away = new TrendingService(t.app.get(HashtagsRepository), dead, t.app.get(RedisKeys), settings);
        expect(await away.list()).toEqual({ items: TRENDING.defaultTopics.map((tag) => ({ tag, count: 0 })) });
        await expect(away.refresh()).rejects.toThrow(); // the job fails, and is retried
      } finally {
        dead.disconnect();
      }
      await t.app.get<Redis>(REDIS).set(t.app.get(RedisKeys).trending, '{"items":[{"tag":1}]}');
      expect((await t.agent().get('/api/trending').expect(200)).body).toEqual({ items: TRENDING.defaultTopics.map((tag) => ({ tag, count: 0 })) });
    });
  });

  describe('the tag feed', () => {
    it('lists posts and replies carrying the tag, newest first, whatever its case and with or without #', async () => {
      const [author, replier] = await signUpMany(t, 2);
      const tag = tagName();
      const first = await create(author, `first #${tag}`);
      const other = await create(author, `#${tagName()} not this one`);
      const second = await create(author, `second #${tag.toUpperCase()}`);
      const reply = (await replier.agent.post(`/api/posts/${other.id}/reply`).send({ content: `a reply #${tag}` }).expect(201)).body as Post;
      const expected = [reply.id, second.id, first.id];
      for (const spelling of [tag, tag.toUpperCase(), `#${tag}`, `#${tag[0].toUpperCase()}${tag.slice(1)}`, ` ${tag} `]) {
        expect(ids(await tagFeed(t.agent(), spelling))).toEqual(expected);
      }
      const page = await tagFeed(t.agent(), tag);
      expect(page.items[0].originalPost?.id).toBe(other.id);
      expect(page.items.every((p) => p.tags.includes(tag))).toBe(true);
      expect(page.nextCursor).toBeNull();
    });

    it('pages by keyset: each post exactly once, in order, while new tagged posts arrive between pages', async () => {
      const [author, other] = await signUpMany(t, 2);
      const tag = tagName();
      const made: number[] = [];
      for (let i = 0; i < 7; i++) made.push((await create(i % 2 ? author : other, `#${tag} number ${i}`)).id);
      const seen: number[] = [];
      const reader = t.agent();
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: Page<Post> = await tagFeed(reader, tag, `&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        seen.push(...ids(page));
        cursor = page.nextCursor;
        pages++;
        await Promise.all([create(author, `#${tag} newer ${pages}`), create(other, `#${tag} newest ${pages}`)]); // above the cursor: never on a later page
      } while (cursor);
      expect(seen).toEqual([...made].reverse());
      expect(pages).toBe(3);
    });

    it("carries the viewer's own like and repost flags", async () => {
      const [author, fan] = await signUpMany(t, 2);
      const tag = tagName();
      const post = await create(author, `#${tag}`);
      expect((await tagFeed(fan.agent, tag)).items[0]).toEqual(expect.objectContaining({ likedByMe: false, repostedByMe: false }));
      await fan.agent.post(`/api/posts/${post.id}/like`).send({}).expect(200);
      expect((await tagFeed(fan.agent, tag)).items[0]).toEqual(expect.objectContaining({ id: post.id, likedByMe: true, repostedByMe: false, likes: 1 }));
      expect((await tagFeed(author.agent, tag)).items[0]).toEqual(expect.objectContaining({ likedByMe: false, likes: 1 }));
    });

    it('follows edits and deletions at once (its shared pages are dropped)', async () => {
      const author = await signUp(t, { groupId: GroupId.Silver });
      const [tagA, tagB] = [tagName(), tagName()];
      const post = await create(author, `#${tagA}`);
      const reader = t.agent();
      expect(ids(await tagFeed(reader, tagA))).toEqual([post.id]);
      expect(ids(await tagFeed(reader, tagB))).toEqual([]);
      await author.agent.put(`/api/posts/${post.id}/edit`).send({ content: `now #${tagB}` }).expect(200);
      expect(ids(await tagFeed(reader, tagA))).toEqual([]);
      expect(ids(await tagFeed(reader, tagB))).toEqual([post.id]);
      await author.agent.delete(`/api/posts/${post.id}`).expect(200);
      expect(ids(await tagFeed(reader, tagB))).toEqual([]);
    });

    it('refuses a value that is not a tag (400, catalogue message), and any other filter beside a tag', async () => {
      const anon = t.agent();
      for (const bad of ['123', '#', '', 'a b', 'x'.repeat(65), '##news', '_1']) {
        expect((await anon.get(`/api/posts?tag=${encodeURIComponent(bad)}`).expect(400)).body.error).toBe(MESSAGES.hashtags.invalidTag);
      }
      expect((await anon.get('/api/posts?tag=a&tag=b').expect(400)).body.error).toBe(MESSAGES.hashtags.invalidTag);
      expect((await anon.get('/api/posts?tag=news&search=x').expect(400)).body.error).toBe(MESSAGES.hashtags.tagCannotCombine);
      expect((await anon.get('/api/posts?tag=news&username=x').expect(400)).body.error).toBe(MESSAGES.hashtags.tagCannotCombine);
      expect((await anon.get('/api/posts?tag=news&category=News').expect(400)).body.error).toBe(MESSAGES.hashtags.tagCannotCombine);
      expect((await anon.get('/api/posts/category/News?tag=news').expect(400)).body.error).toBe(MESSAGES.hashtags.tagCannotCombine);
      expect((await anon.get('/api/posts?tag=news&tab=following').expect(400)).body.error).toBe(MESSAGES.hashtags.tagCannotCombine);
      expect((await anon.get('/api/posts?tag=news&cursor=bad').expect(400)).body.error).toBe(MESSAGES.post.invalidCursor);
    });
  });
});
