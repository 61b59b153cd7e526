import { judgeEndpoint } from './push-endpoint-policy';
import { retryAfterMs } from './push-sender';
import { groupKey, topicOf } from './push-payloads';
import type { UserAlert } from '@cloud9/contracts';

describe('push endpoint policy', () => {
  it('accepts public https endpoints, normalised', () => {
    expect(judgeEndpoint('https://fcm.googleapis.com/fcm/send/abc:DEF', false)).toEqual({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc:DEF' });
    expect(judgeEndpoint('https://UPDATES.push.services.mozilla.com/wpush/v2/x', false)).toEqual({ endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/x' });
    expect(judgeEndpoint('https://8.8.8.8/x', false)).toEqual({ endpoint: 'https://8.8.8.8/x' });
  });

  it.each([
    'http://push.example.com/x', 'https://localhost/x', 'https://a.localhost/x', 'https://intranet/x', 'https://printer.local/x', 'https://db.internal/x',
    'https://127.0.0.1/x', 'https://2130706433/x', 'https://10.0.0.1/x', 'https://172.31.255.255/x', 'https://192.168.0.10/x', 'https://100.100.100.100/x',
    'https://169.254.169.254/x', 'https://0.0.0.0/x', 'https://0.1.2.3/x', 'https://239.255.255.250/x', 'https://255.255.255.255/x',
    'https://[::1]/x', 'https://[::]/x', 'https://[fd12::1]/x', 'https://[fe80::1]/x', 'https://[::ffff:10.0.0.1]/x', 'https://[ff02::1]/x', 'https://[2002:7f00:1::]/x',
  ])('refuses %s as a private target', (endpoint) => {
    expect(judgeEndpoint(endpoint, false)).toEqual({ problem: 'private' });
  });

  it('refuses what is not an https URL of at most 2,048 characters, or carries credentials', () => {
    expect(judgeEndpoint('nonsense', false)).toEqual({ problem: 'invalid' });
    expect(judgeEndpoint('ftp://push.example.com/x', false)).toEqual({ problem: 'invalid' });
    expect(judgeEndpoint(`https://push.example.com/${'é'.repeat(700)}`, false)).toEqual({ problem: 'invalid' });
    expect(judgeEndpoint('https://user:pw@push.example.com/x', false)).toEqual({ problem: 'invalid' });
  });

  it('with private endpoints allowed (tests, the bench), loopback http is accepted', () => {
    expect(judgeEndpoint('http://127.0.0.1:4000/push/1', true)).toEqual({ endpoint: 'http://127.0.0.1:4000/push/1' });
  });
});

describe('push headers', () => {
  it('reads Retry-After as seconds or a date, bounded', () => {
    expect(retryAfterMs('120')).toBe(120_000);
    expect(retryAfterMs(new Date(Date.UTC(2030, 0, 1, 0, 0, 30)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(30_000);
    expect(retryAfterMs('999999')).toBe(30 * 60 * 1000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(undefined)).toBeNull();
  });

  it('derives a Topic of at most 32 base64url characters from the alert group, the same for the group', () => {
    const alert = (over: Partial<UserAlert>): UserAlert => ({ id: 1, type: 'like', message: '', actor_name: null, actor_username: 'bob', actor_thumbnail: null, post_id: 12, createdAt: '2026-11-29T10:00:00.000Z', ...over });
    expect(groupKey(alert({}))).toBe('like:12');
    expect(groupKey(alert({ id: 2 }))).toBe('like:12');
    expect(groupKey(alert({ type: 'follow', post_id: null }))).toBe('follow:2026-11-29');
    expect(groupKey(alert({ type: 'reply', id: 345 }))).toBe('reply:345');
    const topic = topicOf('like:12', 'secret');
    expect(topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(topicOf('like:12', 'secret')).toBe(topic);
    expect(topicOf('like:13', 'secret')).not.toBe(topic);
  });
});
