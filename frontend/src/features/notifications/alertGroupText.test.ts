import { MESSAGES } from '@cloud9/contracts';
import { makeGroup } from '../../test/notifications';
import { firstLine, groupTarget, groupText } from './alertGroupText';

const bob = { username: 'bob', name: 'Bob', thumbnail: null };
const ann = { username: 'ann', name: '  ', thumbnail: null };

describe('alert group text', () => {
  it('names the newest actor and counts the others: alone, one other, several', () => {
    expect(groupText(makeGroup({ actors: [bob], count: 1 }))).toBe('Bob liked your post');
    expect(groupText(makeGroup({ actors: [bob, ann], count: 2 }))).toBe('Bob and 1 other liked your post');
    expect(groupText(makeGroup({ actors: [bob, ann], count: 4 }))).toBe('Bob and 3 others liked your post');
  });

  it('says what each type did, and falls back to the username when there is no name', () => {
    expect(groupText(makeGroup({ type: 'repost', actors: [ann], count: 1 }))).toBe('ann reposted your post');
    expect(groupText(makeGroup({ type: 'follow', post: undefined, actors: [bob, ann], count: 5 }))).toBe('Bob and 4 others started following you');
    expect(groupText(makeGroup({ type: 'reply', actors: [bob], count: 1 }))).toBe(`Bob ${MESSAGES.alertGroups.reply}`);
    expect(groupText(makeGroup({ type: 'mention', actors: [bob], count: 1 }))).toBe('Bob mentioned you');
  });

  it("shows the post's first line with text", () => {
    expect(firstLine('\n  Sunny day  \nsecond')).toBe('Sunny day');
    expect(firstLine('')).toBe('');
    expect(firstLine(undefined)).toBe('');
  });

  it('leads to the post, or for follows to the newest follower', () => {
    expect(groupTarget(makeGroup({ post: { id: 9, content: 'x' } }))).toBe('/post/9');
    expect(groupTarget(makeGroup({ type: 'follow', post: undefined, actors: [{ username: 'a b', name: null, thumbnail: null }] }))).toBe('/profile/a%20b');
  });
});
