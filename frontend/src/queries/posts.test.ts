import type { Post } from '@cloud9/contracts';
import { createQueryClient } from './queryClient';
import { makePost, page } from '../test/posts';
import { pagedData } from '../test/utils';
import { pageItems, type PagedData } from './paging';
import { addCreatedPost, postsKeys, removePost, updatePost } from './posts';

describe('posts in the query cache', () => {
  const client = createQueryClient();
  const feed = postsKeys.feed({ tab: 'following' });
  const profile = postsKeys.profile('other', 'Replies', '');
  const items = (key: readonly unknown[]) => pageItems(client.getQueryData<PagedData<Post>>(key));

  beforeEach(() => client.clear());

  it('a created post goes on top of every cached Home feed, not of other lists', () => {
    client.setQueryData(feed, pagedData(page([makePost({ id: 1 })])));
    client.setQueryData(profile, pagedData(page([makePost({ id: 1 })])));
    addCreatedPost(client, makePost({ id: 9 }));
    expect(items(feed).map((p) => p.id)).toEqual([9, 1]);
    expect(items(profile).map((p) => p.id)).toEqual([1]);
  });

  it('a change to a post reaches every copy: in lists, quoted as a reply’s original, and the single post', () => {
    const original = makePost({ id: 1, likes: 0 });
    client.setQueryData(feed, pagedData(page([makePost({ id: 2 })], 'c1'), page([original])));
    client.setQueryData(profile, pagedData(page([makePost({ id: 3, parent_id: 1, originalPost: original })])));
    client.setQueryData(postsKeys.detail('1'), original);
    const untouched = items(feed)[0];

    updatePost(client, 1, (post) => ({ ...post, likes: 5, likedByMe: true }));
    expect(items(feed)[1]).toMatchObject({ id: 1, likes: 5, likedByMe: true });
    expect(items(feed)[0]).toBe(untouched);
    expect(items(profile)[0].originalPost).toMatchObject({ id: 1, likes: 5 });
    expect(items(profile)[0].likes).toBe(0);
    expect(client.getQueryData<Post>(postsKeys.detail('1'))).toMatchObject({ likes: 5 });
  });

  it('a deleted post leaves every list and its single-post entry', () => {
    client.setQueryData(feed, pagedData(page([makePost({ id: 2 }), makePost({ id: 1 })])));
    client.setQueryData(profile, pagedData(page([makePost({ id: 1 })])));
    client.setQueryData(postsKeys.detail('1'), makePost({ id: 1 }));
    removePost(client, 1);
    expect(items(feed).map((p) => p.id)).toEqual([2]);
    expect(items(profile)).toEqual([]);
    expect(client.getQueryData(postsKeys.detail('1'))).toBeUndefined();
  });
});
