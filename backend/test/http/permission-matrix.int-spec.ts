import { createECDH, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { Server } from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import { ADMIN_QUEUE, APP_CLIENT_HEADER, BOOST_QUEUE, GroupId, MESSAGES } from '@cloud9/contracts';
import { JobsService } from '../../src/jobs/jobs.service';
import { EXPORTS_QUEUE } from '../../src/jobs/job-map';
import { PASSWORD, signUp, TestApp, bootApp, uniqueName } from '../support/app';
import { startFakeGiphy, type FakeGiphy } from '../fakes/giphy-server';
import { sessionCookieOf } from '../support/harness';
import { appRoutes } from '../support/routes';

/**
 * Every route (Nest's, from the controllers' metadata, plus Bull Board) against anonymous, Basic,
 * Silver, staff and admin, checked against the table below: written out by hand from the role rules
 * and the rules in libs/contracts/src/rules/permissions.ts, so it is not a copy of the metadata it
 * checks. 401 and 403 are refusals; any other status means the caller got through, and is the exact
 * answer the harmless request below earns (a 2xx, or a 4xx for its data such as 404 "no such
 * subscription"). Own-only routes are called with another user's ids.
 *
 * The app runs as ROLE=api with ADMIN_JOB_WAIT_MS=0 and its own Redis prefix: admin jobs answer 202
 * and wait in a queue that no worker ever runs (no backup, restore or deletion happens). Every
 * request carries what the app's own client sends (the app client header, same-origin Fetch
 * Metadata), so the cross-site rules never decide here; cross-site.int-spec.ts covers them.
 */

type Role = 'anonymous' | 'basic' | 'silver' | 'staff' | 'admin';
const ROLES: Role[] = ['anonymous', 'basic', 'silver', 'staff', 'admin'];
/** The group of each signed-in role (staff: group 2, the one staff group with extra rights, 'Admin Delete'). */
const GROUP_OF: Record<Exclude<Role, 'anonymous'>, number> = { basic: GroupId.Basic, silver: GroupId.Silver, staff: GroupId.Staff2, admin: GroupId.Admin };

interface Actor {
  id: number;
  username: string;
  /** A top-level post of this user. */
  postId: number;
}

interface Ctx {
  role: Role;
  /** The caller (undefined for anonymous). */
  me?: Actor;
  /** Another Basic user: owner of the rows own-only routes are called on. */
  other: Actor;
  /** A fresh top-level post of `other` (for deletion). */
  freshPostOfOther: () => Promise<number>;
  /** A fresh Basic account (for deletion). */
  freshUser: () => Promise<number>;
  /** A fresh system notice posted by the admin. */
  freshNoticeOfAdmin: () => Promise<number>;
  jobId: string;
  /** The public id of `other`'s session (the list's id). */
  otherSessionId: string;
  /** A data export of `other`. */
  otherExportId: number;
}

interface Call {
  /** Path with the route's parameters filled in; the route's own path when it has none. */
  url?: string;
  body?: object;
  query?: Record<string, string | number>;
  /** Call with a new session of the same user: the route ends or replaces the caller's session. */
  freshSession?: boolean;
  /** The message a 401 carries here when it is not "please log in" (sign-in's second step without a pending sign-in). */
  unauthorized?: string;
}

/** [anonymous, basic, silver, staff, admin] */
type Expected = [number, number, number, number, number];
interface Row {
  route: string;
  expected: Expected;
  call: (ctx: Ctx) => Call | Promise<Call>;
}
const row = (route: string, expected: Expected, call: Row['call'] = () => ({})): Row => ({ route, expected, call });

const id = (ctx: Ctx) => ctx.me?.id ?? ctx.other.id;
/** An id no row has (conversations, messages): the answer a caller who is not a member gets. */
const NO_SUCH_ID = 2_147_483_000;

/** A browser's PushSubscription.toJSON() with real P-256 keys and an endpoint of its own. */
function pushSubscription(): object {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint: `https://push.example.com/${uniqueName('matrix')}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

// prettier-ignore
const TABLE: Row[] = [
  //  route                                            anon basic silver staff admin
  // Session and accounts
  row('POST /api/users',                               [201, 201, 201, 201, 201], () => ({ body: { username: uniqueName('mx'), email: `${uniqueName('mx')}@example.com`, password: PASSWORD }, freshSession: true })),
  row('POST /api/login',                               [200, 200, 200, 200, 200], (c) => ({ body: { username: c.other.username, password: PASSWORD }, freshSession: true })),
  row('POST /api/logout',                              [200, 200, 200, 200, 200], () => ({ freshSession: true })),
  row('GET /api/me',                                   [401, 200, 200, 200, 200]),
  row('PUT /api/me/theme',                             [401, 200, 200, 200, 200], () => ({ body: { theme: 'system' } })),
  // Passkeys: signing in with one is public (an answer that is not one is 400 for anyone); one's own are a member's.
  row('POST /api/login/passkey/options',               [200, 200, 200, 200, 200]),
  row('POST /api/login/passkey',                       [400, 400, 400, 400, 400], () => ({ body: {} })),
  row('GET /api/me/passkeys',                          [401, 200, 200, 200, 200]),
  row('POST /api/me/passkeys/options',                 [401, 200, 200, 200, 200]),
  row('POST /api/me/passkeys',                         [401, 400, 400, 400, 400], () => ({ body: { name: 'matrix' } })),
  row('DELETE /api/me/passkeys/:id',                   [401, 404, 404, 404, 404], () => ({ url: '/api/me/passkeys/987654321' })),
  row('GET /api/profile/:username',                    [200, 200, 200, 200, 200], (c) => ({ url: `/api/profile/${c.other.username}` })),
  row('PUT /api/users/:username',                      [401, 403, 403, 403, 403], (c) => ({ url: `/api/users/${c.other.username}`, body: { name: 'Not yours' } })),
  row('PUT /api/profile/:username',                    [401, 403, 403, 403, 403], (c) => ({ url: `/api/profile/${c.other.username}` })),
  row('DELETE /api/users/:id',                         [401, 403, 403, 403, 200], async (c) => ({ url: `/api/users/${await c.freshUser()}` })),
  // Two-factor: enable, disable and new recovery codes before any setup (409: nothing to confirm, not on);
  // setup for everyone signed in; the second step without a pending sign-in of this browser (401 "expired").
  row('POST /api/me/2fa/totp/enable',                  [401, 409, 409, 409, 409], () => ({ body: { code: '123456' } })),
  row('DELETE /api/me/2fa/totp',                       [401, 409, 409, 409, 409], () => ({ body: { password: PASSWORD, code: '123456' } })),
  row('POST /api/me/2fa/recovery-codes',               [401, 409, 409, 409, 409], () => ({ body: { password: PASSWORD } })),
  row('POST /api/me/2fa/totp/setup',                   [401, 200, 200, 200, 200]),
  row('POST /api/login/2fa',                           [401, 401, 401, 401, 401], () => ({ body: { code: '123456' }, unauthorized: MESSAGES.twoFactor.stepExpired })),
  row('GET /api/users/suggest',                       [401, 200, 200, 200, 200], (c) => ({ query: { prefix: c.other.username.slice(0, 4) } })),
  // The account's mail (decision 0092): public links and forgot, the resend for the signed-in.
  row('POST /api/email/verify',                        [400, 400, 400, 400, 400], () => ({ body: { token: 'not-a-token-we-issued' } })),
  row('POST /api/me/email/resend',                     [401, 202, 202, 202, 202]),
  row('POST /api/password/forgot',                     [202, 202, 202, 202, 202], (c) => ({ body: { login: c.other.username } })),
  row('POST /api/password/reset',                      [400, 400, 400, 400, 400], () => ({ body: { token: 'not-a-token-we-issued', password: 'a-long-enough-password-1' } })),
  // The account's own sessions and data exports: only ever the session's own (another member's is 404)
  row('GET /api/me/sessions',                          [401, 200, 200, 200, 200]),
  row('DELETE /api/me/sessions/:id',                   [401, 404, 404, 404, 404], (c) => ({ url: `/api/me/sessions/${c.otherSessionId}` })),
  row('DELETE /api/me/sessions',                       [401, 200, 200, 200, 200]),
  row('POST /api/me/export',                           [401, 202, 202, 202, 202]),
  row('GET /api/me/exports',                           [401, 200, 200, 200, 200]),
  row('GET /api/me/exports/:id',                       [401, 404, 404, 404, 404], (c) => ({ url: `/api/me/exports/${c.otherExportId}` })),
  // Plans, config, health
  row('GET /api/groups',                               [200, 200, 200, 200, 200]),
  row('GET /api/group/:groupId',                       [200, 200, 200, 200, 200], () => ({ url: '/api/group/6' })),
  row('GET /api/config',                               [200, 200, 200, 200, 200]),
  row('GET /api/openapi.json',                         [200, 200, 200, 200, 200]),
  row('GET /api/health',                               [200, 200, 200, 200, 200]),
  row('GET /api/health/live',                          [200, 200, 200, 200, 200]),
  row('GET /api/health/ready',                         [200, 200, 200, 200, 200]),
  // Posts
  row('GET /api/posts',                                [200, 200, 200, 200, 200]),
  row('GET /api/posts/category/:category',             [200, 200, 200, 200, 200], () => ({ url: '/api/posts/category/Technology' })),
  row('GET /api/trending',                             [200, 200, 200, 200, 200]),
  row('POST /api/posts',                               [401, 201, 201, 201, 201], () => ({ body: { content: 'matrix post' } })),
  row('GET /api/posts/:id',                            [200, 200, 200, 200, 200], (c) => ({ url: `/api/posts/${c.other.postId}` })),
  row('GET /api/posts/:id/replies',                    [200, 200, 200, 200, 200], (c) => ({ url: `/api/posts/${c.other.postId}/replies` })),
  row('GET /api/posts/:id/thread',                     [200, 200, 200, 200, 200], (c) => ({ url: `/api/posts/${c.other.postId}/thread` })),
  row('GET /api/posts/:id/history',                    [200, 200, 200, 200, 200], (c) => ({ url: `/api/posts/${c.other.postId}/history` })),
  row('GET /api/posts/:id/likes',                      [200, 200, 200, 200, 200], (c) => ({ url: `/api/posts/${c.other.postId}/likes` })),
  row('GET /api/reposts/count/:id',                    [200, 200, 200, 200, 200], (c) => ({ url: `/api/reposts/count/${c.other.postId}` })),
  row('POST /api/posts/:id/like',                      [401, 200, 200, 200, 200], (c) => ({ url: `/api/posts/${c.other.postId}/like`, body: {} })),
  row('POST /api/posts/:id/repost',                    [401, 200, 200, 200, 200], (c) => ({ url: `/api/posts/${c.other.postId}/repost`, body: {} })),
  row('POST /api/posts/:id/reply',                     [401, 201, 201, 201, 201], (c) => ({ url: `/api/posts/${c.other.postId}/reply`, body: { content: 'matrix reply' } })),
  row('PUT /api/posts/:id/edit',                       [401, 403, 403, 403, 403], (c) => ({ url: `/api/posts/${c.other.postId}/edit`, body: { content: 'not yours' } })),
  row('DELETE /api/posts/:id',                         [401, 403, 403, 200, 200], async (c) => ({ url: `/api/posts/${await c.freshPostOfOther()}` })),
  row('GET /api/users/:username/replies',              [200, 200, 200, 200, 200], (c) => ({ url: `/api/users/${c.other.username}/replies` })),
  row('GET /api/users/:username/liked-posts',          [200, 200, 200, 200, 200], (c) => ({ url: `/api/users/${c.other.username}/liked-posts` })),
  row('GET /api/users/:username/reposts',              [200, 200, 200, 200, 200], (c) => ({ url: `/api/users/${c.other.username}/reposts` })),
  row('GET /api/users/:username/media',                [200, 200, 200, 200, 200], (c) => ({ url: `/api/users/${c.other.username}/media` })),
  row('GET /api/users/:username/counts',               [200, 200, 200, 200, 200], (c) => ({ url: `/api/users/${c.other.username}/counts` })),
  // Bookmarks: the session's own, never anyone else's
  row('GET /api/bookmarks',                            [401, 200, 200, 200, 200]),
  row('POST /api/bookmarks',                           [401, 200, 200, 200, 200], (c) => ({ body: { postId: c.other.postId } })),
  row('DELETE /api/bookmarks/:postId',                 [401, 200, 200, 200, 200], (c) => ({ url: `/api/bookmarks/${c.other.postId}` })),
  // Direct messages: every member starts their own conversation with `other`; a conversation or message
  // the caller is not in answers 404, as one that does not exist does.
  row('GET /api/conversations',                        [401, 200, 200, 200, 200]),
  row('POST /api/conversations',                       [401, 201, 201, 201, 201], (c) => ({ body: { memberIds: [c.other.id] } })),
  row('GET /api/conversations/unread',                 [401, 200, 200, 200, 200]),
  row('GET /api/conversations/:id',                    [401, 404, 404, 404, 404], () => ({ url: `/api/conversations/${NO_SUCH_ID}` })),
  row('DELETE /api/conversations/:id',                 [401, 404, 404, 404, 404], () => ({ url: `/api/conversations/${NO_SUCH_ID}` })),
  row('GET /api/conversations/:id/messages',           [401, 404, 404, 404, 404], () => ({ url: `/api/conversations/${NO_SUCH_ID}/messages` })),
  row('POST /api/conversations/:id/messages',          [401, 404, 404, 404, 404], () => ({ url: `/api/conversations/${NO_SUCH_ID}/messages`, body: { text: 'hi' } })),
  row('POST /api/conversations/:id/read',              [401, 404, 404, 404, 404], () => ({ url: `/api/conversations/${NO_SUCH_ID}/read`, body: { messageId: 1 } })),
  row('POST /api/conversations/:id/accept',            [401, 404, 404, 404, 404], () => ({ url: `/api/conversations/${NO_SUCH_ID}/accept` })),
  row('POST /api/conversations/:id/members',           [401, 404, 404, 404, 404], (c) => ({ url: `/api/conversations/${NO_SUCH_ID}/members`, body: { userIds: [c.other.id] } })),
  row('POST /api/conversations/:id/mute',              [401, 404, 404, 404, 404], () => ({ url: `/api/conversations/${NO_SUCH_ID}/mute` })),
  row('DELETE /api/conversations/:id/mute',            [401, 404, 404, 404, 404], () => ({ url: `/api/conversations/${NO_SUCH_ID}/mute` })),
  row('POST /api/messages/:id/reactions',              [401, 404, 404, 404, 404], () => ({ url: `/api/messages/${NO_SUCH_ID}/reactions`, body: { emoji: '❤️' } })),
  row('DELETE /api/messages/:id/reactions/:emoji',     [401, 404, 404, 404, 404], () => ({ url: `/api/messages/${NO_SUCH_ID}/reactions/${encodeURIComponent('❤️')}` })),
  row('DELETE /api/messages/:id',                      [401, 404, 404, 404, 404], () => ({ url: `/api/messages/${NO_SUCH_ID}`, query: { for: 'everyone' } })),
  row('GET /api/me/dm-settings',                       [401, 200, 200, 200, 200]),
  row('PUT /api/me/dm-settings',                       [401, 200, 200, 200, 200], () => ({ body: { allowFrom: 'everyone', readReceipts: true, hidePushText: false } })),
  // Search and GIFs
  row('GET /api/search/posts',                         [200, 200, 200, 200, 200], () => ({ query: { query: 'matrix' } })),
  row('GET /api/search/user/:name',                    [200, 200, 200, 200, 200], (c) => ({ url: `/api/search/user/${c.other.username}` })),
  row('GET /api/search/profile/:username',             [200, 200, 200, 200, 200], (c) => ({ url: `/api/search/profile/${c.other.username}`, query: { query: 'matrix' } })),
  row('GET /api/gifs/search',                          [200, 200, 200, 200, 200], () => ({ query: { q: 'cats' } })),
  row('GET /api/gifs/trending',                        [200, 200, 200, 200, 200]),
  row('GET /api/gifs/related',                         [200, 200, 200, 200, 200], () => ({ query: { gif_id: 'fake01' } })),
  row('GET /api/gifs/emoji',                           [200, 200, 200, 200, 200]),
  row('GET /api/gifs/categories',                      [200, 200, 200, 200, 200]),
  row('GET /api/gifs/random',                          [200, 200, 200, 200, 200], () => ({ query: { tag: 'cat' } })),
  row('POST /api/gifs/pingback',                       [202, 202, 202, 202, 202], () => ({ body: { events: [{ action_type: 'SEEN', analytics_response_payload: 'e=fake-fake01', ts: Date.now(), user_id: 'matrix1' }] } })),
  // Follows
  row('POST /api/follow',                              [401, 200, 200, 200, 200], (c) => ({ body: { followerId: id(c), followedId: c.other.id } })),
  row('POST /api/unfollow',                            [401, 200, 200, 200, 200], (c) => ({ body: { followerId: id(c), followedId: c.other.id } })),
  row('GET /api/followers/:userId',                    [200, 200, 200, 200, 200], (c) => ({ url: `/api/followers/${c.other.id}` })),
  row('GET /api/following/:userId',                    [200, 200, 200, 200, 200], (c) => ({ url: `/api/following/${c.other.id}` })),
  row('GET /api/is-following',                         [200, 200, 200, 200, 200], (c) => ({ query: { followerId: id(c), followedId: c.other.id } })),
  // Mutes, blocks, muted words, Not interested: each member's own (the session's user), never another's
  row('GET /api/mutes',                                [401, 200, 200, 200, 200]),
  row('POST /api/mutes/:userId',                       [401, 200, 200, 200, 200], (c) => ({ url: `/api/mutes/${c.other.id}` })),
  row('DELETE /api/mutes/:userId',                     [401, 200, 200, 200, 200], (c) => ({ url: `/api/mutes/${c.other.id}` })),
  row('GET /api/blocks',                               [401, 200, 200, 200, 200]),
  row('POST /api/blocks/:userId',                      [401, 200, 200, 200, 200], (c) => ({ url: `/api/blocks/${c.other.id}` })),
  row('DELETE /api/blocks/:userId',                    [401, 200, 200, 200, 200], (c) => ({ url: `/api/blocks/${c.other.id}` })),
  row('GET /api/muted-words',                          [401, 200, 200, 200, 200]),
  row('POST /api/muted-words',                         [401, 201, 201, 201, 201], () => ({ body: { word: 'matrix' } })),
  row('DELETE /api/muted-words/:id',                   [401, 404, 404, 404, 404], () => ({ url: '/api/muted-words/987654321' })),
  row('POST /api/posts/:id/not-interested',            [401, 200, 200, 200, 200], (c) => ({ url: `/api/posts/${c.other.postId}/not-interested` })),
  row('DELETE /api/posts/:id/not-interested',          [401, 200, 200, 200, 200], (c) => ({ url: `/api/posts/${c.other.postId}/not-interested` })),
  // Reports: any member files them; the queue and its actions are groups 1–4's (a missing report: 404)
  row('POST /api/reports',                             [401, 201, 201, 201, 201], (c) => ({ body: { targetType: 'user', targetId: c.other.id, reason: 'spam' } })),
  row('GET /api/moderation/reports',                   [401, 403, 403, 200, 200]),
  row('POST /api/moderation/reports/:id/actions',      [401, 403, 403, 404, 404], () => ({ url: '/api/moderation/reports/987654321/actions', body: { action: 'dismiss' } })),
  // Notifications: alerts are the owner's alone; notices are posted by staff and admin, managed by admin (staff: their own)
  row('GET /api/notifications/user/:userId',           [401, 403, 403, 403, 403], (c) => ({ url: `/api/notifications/user/${c.other.id}` })),
  row('GET /api/notifications/status',                 [401, 200, 200, 200, 200]),
  row('GET /api/notifications/settings',               [401, 200, 200, 200, 200]),
  row('PUT /api/notifications/settings',               [401, 200, 200, 200, 200], () => ({ body: { like: true } })),
  // Web Push: a member's own devices (the test push to an endpoint not theirs is 404).
  row('GET /api/push/key',                             [401, 200, 200, 200, 200]),
  row('POST /api/push/subscriptions',                  [401, 201, 201, 201, 201], () => ({ body: pushSubscription() })),
  row('DELETE /api/push/subscriptions',                [401, 200, 200, 200, 200], () => ({ body: { endpoint: 'https://push.example.com/matrix' } })),
  row('POST /api/push/test',                           [401, 404, 404, 404, 404], () => ({ body: { endpoint: 'https://push.example.com/not-mine' } })),
  row('POST /api/notifications/seen',                  [401, 200, 200, 200, 200], () => ({ body: { kind: 'alerts' } })),
  row('GET /api/notifications/posts',                  [401, 200, 200, 200, 200]),
  row('GET /api/search/notifications',                 [401, 200, 200, 200, 200], () => ({ query: { query: 'matrix' } })),
  row('POST /api/notifications/posts',                 [401, 403, 403, 201, 201], () => ({ body: { message: 'matrix notice' } })),
  row('DELETE /api/notifications/posts/:id',           [401, 403, 403, 403, 200], async (c) => ({ url: `/api/notifications/posts/${await c.freshNoticeOfAdmin()}` })),
  // Boosts: quota is the owner's (or the admin's to read); requests are paid plans' on their own posts
  row('GET /api/boost/quota/:userId',                  [401, 403, 403, 403, 200], (c) => ({ url: `/api/boost/quota/${c.other.id}` })),
  row('POST /api/boost/request',                       [401, 403, 201, 403, 403], (c) => ({ body: { userId: id(c), postId: c.me?.postId ?? c.other.postId } })),
  row('PATCH /api/boost/rotate',                       [401, 403, 403, 403, 202]),
  row('POST /api/posts/:id/boost',                     [401, 403, 403, 403, 200], (c) => ({ url: `/api/posts/${c.other.postId}/boost` })),
  // Billing: a subscription is the member's (or the admin's to read); PayPal's webhook is public and signed
  row('POST /api/subscriptions',                       [401, 400, 400, 400, 400], () => ({ body: {} })),
  row('GET /api/get-subscription/:userId',             [401, 403, 403, 403, 200], (c) => ({ url: `/api/get-subscription/${c.other.id}` })),
  row('POST /api/webhooks/paypal',                     [400, 400, 400, 400, 400], () => ({ body: { id: 'WH-matrix', event_type: 'PING' } })),
  // Admin (group 1 only); the job tools answer 202 (no worker runs them here)
  row('POST /api/admin/reset-password',                [401, 403, 403, 403, 200], (c) => ({ body: { username: c.other.username, newPassword: PASSWORD } })),
  row('GET /api/admin/backup',                         [401, 403, 403, 403, 202]),
  row('GET /api/admin/restore',                        [401, 403, 403, 403, 202]),
  row('GET /api/admin/app-backup',                     [401, 403, 403, 403, 202]),
  row('POST /api/admin/sync-follow-tables',            [401, 403, 403, 403, 202]),
  row('GET /api/admin/orphaned-uploads',               [401, 403, 403, 403, 202]),
  row('POST /api/admin/orphaned-uploads/delete',       [401, 403, 403, 403, 202], () => ({ body: {} })),
  row('GET /api/admin/user/:username',                 [401, 403, 403, 403, 200], (c) => ({ url: `/api/admin/user/${c.other.username}` })),
  row('GET /api/admin/jobs/:queue/:jobId',             [401, 403, 403, 403, 200], (c) => ({ url: `/api/admin/jobs/${ADMIN_QUEUE}/${c.jobId}` })),
  row('GET /api/admin/job-counts',                     [401, 403, 403, 403, 200]),
  row('GET /api/admin/audit',                          [401, 403, 403, 403, 200]),
  row('GET /api/admin/users',                          [401, 403, 403, 403, 200]),
  row('PATCH /api/admin/users/:id',                    [401, 403, 403, 403, 200], (c) => ({ url: `/api/admin/users/${c.other.id}`, body: { group_id: GroupId.Basic } })),
  row('GET /api/admin/queues',                         [401, 403, 403, 403, 200]),
];

/** What the app's own client sends with every call (cross-site rules and the app client header never refuse it). */
const AS_THE_APP = { [APP_CLIENT_HEADER.name]: APP_CLIENT_HEADER.value, 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors' };

describe('permission matrix: every route × anonymous, Basic, Silver, staff, admin', () => {
  let t: TestApp;
  let dir: string;
  let giphy: FakeGiphy;
  let server: Server;
  const cookies: Partial<Record<Role, string>> = {};
  const actors: Partial<Record<Role, Actor>> = {};
  let other: Actor;
  let jobId: string;
  let otherSessionId: string;
  let otherExportId: number;

  const http = () => request(server);
  const login = async (username: string): Promise<string> =>
    sessionCookieOf(await http().post('/api/login').set(AS_THE_APP).send({ username, password: PASSWORD }).expect(200));
  const createPost = async (cookie: string, content: string): Promise<number> =>
    (await http().post('/api/posts').set(AS_THE_APP).set('Cookie', cookie).send({ content }).expect(201)).body.id;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'c9-matrix-'));
    giphy = await startFakeGiphy({ apiKey: 'matrix-giphy-key' });
    t = await bootApp({
      ROLE: 'api',
      ADMIN_JOB_WAIT_MS: '0',
      REDIS_PREFIX: `${process.env.REDIS_PREFIX}matrix:`,
      BACKUP_DIR: path.join(dir, 'backups'),
      UPLOAD_DIR: path.join(dir, 'uploads'),
      GIPHY_API_BASE: giphy.baseUrl,
      GIPHY_API_KEY: 'matrix-giphy-key',
      GIPHY_MEDIA_HOSTS: giphy.mediaHost,
      GIPHY_PINGBACK_URL: giphy.pingbackUrl,
      // The webhook is configured (so it judges its signature); PayPal itself is never called here.
      PAYPAL_API_BASE: 'http://127.0.0.1:9',
      PAYPAL_CLIENT_ID: 'matrix-client',
      PAYPAL_CLIENT_SECRET: 'matrix-secret',
      PAYPAL_WEBHOOK_ID: 'WH-MATRIX',
      // Rate limits off (0 = off), so no 429 ever mixes in.
      ...Object.fromEntries(
        ['API_ANON', 'API_USER', 'POSTS', 'UPLOADS', 'FOLLOWS', 'SEARCH', 'GIFS', 'LOGIN_IP', 'PASSWORD'].map((name) => [`RATE_LIMIT_${name}`, '0/1m']),
      ),
    });
    server = t.app.getHttpServer();
    const otherUser = await signUp(t);
    const otherCookie = await login(otherUser.user.username);
    other = { id: otherUser.user.id, username: otherUser.user.username, postId: await createPost(otherCookie, 'a post of someone else') };
    otherSessionId = (await http().get('/api/me/sessions').set(AS_THE_APP).set('Cookie', otherCookie).expect(200)).body.items[0].id;
    [{ id: otherExportId }] = await t.db.query(`INSERT INTO data_exports (user_id) VALUES ($1) RETURNING id`, [other.id]);
    for (const [role, groupId] of Object.entries(GROUP_OF) as [Exclude<Role, 'anonymous'>, number][]) {
      const user = await signUp(t, { groupId });
      cookies[role] = await login(user.user.username);
      actors[role] = { id: user.user.id, username: user.user.username, postId: await createPost(cookies[role]!, `a post of ${role}`) };
    }
    jobId = String((await t.app.get(JobsService).queue(ADMIN_QUEUE).add('matrix-probe', {})).id);
  });

  afterAll(async () => {
    const jobs = t?.app.get(JobsService);
    for (const queue of [ADMIN_QUEUE, BOOST_QUEUE, EXPORTS_QUEUE]) await jobs?.queue(queue).obliterate({ force: true });
    await t?.close();
    await giphy?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const ctxFor = (role: Role): Ctx => ({
    role,
    me: actors[role as Exclude<Role, 'anonymous'>],
    other,
    jobId,
    otherSessionId,
    otherExportId,
    freshPostOfOther: async () => {
      const [{ id: postId }] = await t.db.query(`INSERT INTO posts (user_id, content) VALUES ($1, 'to be deleted') RETURNING id`, [other.id]);
      return Number(postId);
    },
    freshUser: async () => {
      const name = uniqueName('doomed');
      const [{ id: userId }] = await t.db.query(
        `INSERT INTO users (username, email, password_hash, group_id) SELECT $2::text, $2::text || '@example.com', password_hash, 5 FROM users WHERE id = $1 RETURNING id`,
        [other.id, name],
      );
      return Number(userId);
    },
    freshNoticeOfAdmin: async () =>
      (await http().post('/api/notifications/posts').set(AS_THE_APP).set('Cookie', cookies.admin!).send({ message: 'a notice to delete' }).expect(201)).body.notice.id,
  });

  /** The status one role gets for one row. */
  async function statusOf(row: Row, role: Role): Promise<{ status: number; error?: unknown }> {
    const [method, routePath] = row.route.split(' ');
    const call = await row.call(ctxFor(role));
    let cookie = cookies[role as Exclude<Role, 'anonymous'>];
    if (call.freshSession && cookie) cookie = await login(actors[role as Exclude<Role, 'anonymous'>]!.username);
    let req = http()[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](call.url ?? routePath).set(AS_THE_APP);
    if (cookie) req = req.set('Cookie', cookie);
    if (call.query) req = req.query(call.query);
    const res = await (call.body ? req.send(call.body) : req);
    if (res.status === 401) expect(res.body).toEqual({ success: false, statusCode: 401, error: call.unauthorized ?? MESSAGES.auth.notSignedIn });
    if (res.status === 403) expect(res.body).toEqual(expect.objectContaining({ success: false, statusCode: 403 }));
    return { status: res.status, error: res.status >= 400 ? res.body?.error : undefined };
  }

  it('lists every route of the app in the table, and no route the app does not have', () => {
    const routes = [...appRoutes(t.app).map((r) => `${r.method} ${r.path}`), 'GET /api/admin/queues'];
    const listed = TABLE.map((r) => r.route);
    expect(routes.filter((r) => !listed.includes(r))).toEqual([]);
    expect(listed.filter((r) => !routes.includes(r))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it.each(TABLE.map((r) => [r.route, r] as const))('%s', async (_route, row) => {
    const actual: number[] = [];
    const errors: Record<string, unknown> = {};
    for (const role of ROLES) {
      const { status, error } = await statusOf(row, role);
      actual.push(status);
      if (error !== undefined) errors[role] = error;
    }
    // On a mismatch the answers' messages show why.
    expect({ statuses: actual, errors }).toEqual({ statuses: row.expected, errors: expect.anything() });
  });

  // Who may act on whose report (canModerateAccount): staff on members only, the admin on staff too,
  // nobody on themselves; members never reach the queue's actions. [actor, target, status]
  // prettier-ignore
  const ACTS_ON: [Exclude<Role, 'anonymous'>, 'member' | 'otherStaff' | 'admin' | 'self', number][] = [
    ['basic', 'member', 403], ['silver', 'member', 403],
    ['staff', 'member', 200], ['staff', 'otherStaff', 403], ['staff', 'admin', 403], ['staff', 'self', 403],
    ['admin', 'member', 200], ['admin', 'otherStaff', 200], ['admin', 'self', 403],
  ];

  it.each(ACTS_ON)('moderation actions: %s on a report about %s answers %i', async (role, target, expected) => {
    const otherStaff = async () => (await signUp(t, { groupId: GroupId.Staff3 })).user.id;
    const targetId = { member: async () => other.id, otherStaff, admin: async () => actors.admin!.id, self: async () => actors[role]!.id }[target];
    const account = await targetId();
    // Filed by a fresh member, so each case has its own open report.
    const reporter = (await signUp(t)).user.id;
    const [{ id: reportId }] = await t.db.query(
      `INSERT INTO reports (reporter_id, target_type, target_key, target_user_id, reason) VALUES ($1, 'user', 'user:' || $2::bigint, $2::bigint, 'harassment') RETURNING id`,
      [reporter, account],
    );
    const res = await http().post(`/api/moderation/reports/${reportId}/actions`).set(AS_THE_APP).set('Cookie', cookies[role]!).send({ action: 'warn', text: 'matrix warning' });
    expect({ role, target, status: res.status }).toEqual({ role, target, status: expected });
    const [{ status }] = await t.db.query('SELECT status FROM reports WHERE id = $1', [reportId]);
    expect(status).toBe(expected === 200 ? 'resolved' : 'open');
  });

  // Suspensions (issue 28): staff for at most REPORT_RULES.staffSuspensionMaxDays, never for good, and
  // never over or lifting a suspension the admin set; the admin any; members never. [actor, case, status]
  type SuspensionCase = 'suspend 30 days' | 'suspend 366 days' | 'suspend for good' | 'lift staff-set' | 'lift admin-set' | 'replace admin-set';
  // prettier-ignore
  const SUSPENDS: [Exclude<Role, 'anonymous'>, SuspensionCase, number][] = [
    ['basic', 'suspend 30 days', 403], ['silver', 'suspend 30 days', 403],
    ['staff', 'suspend 30 days', 200], ['staff', 'suspend 366 days', 400], ['staff', 'suspend for good', 403],
    ['staff', 'lift staff-set', 200], ['staff', 'lift admin-set', 403], ['staff', 'replace admin-set', 403],
    ['admin', 'suspend 30 days', 200], ['admin', 'suspend 366 days', 200], ['admin', 'suspend for good', 200],
    ['admin', 'lift staff-set', 200], ['admin', 'lift admin-set', 200], ['admin', 'replace admin-set', 200],
  ];

  it.each(SUSPENDS)('suspensions: %s, %s, answers %i', async (role, what, expected) => {
    const account = await ctxFor(role).freshUser();
    const setBy = { 'lift staff-set': actors.staff!.id, 'lift admin-set': actors.admin!.id, 'replace admin-set': actors.admin!.id }[what as string];
    if (setBy) await t.db.query(`INSERT INTO suspensions (user_id, until, by_id) VALUES ($1, now() + interval '3 days', $2)`, [account, setBy]);
    const before = await t.db.query('SELECT until, by_id FROM suspensions WHERE user_id = $1', [account]);
    const reporter = (await signUp(t)).user.id;
    const [{ id: reportId }] = await t.db.query(
      `INSERT INTO reports (reporter_id, target_type, target_key, target_user_id, reason) VALUES ($1, 'user', 'user:' || $2::bigint, $2::bigint, 'harassment') RETURNING id`,
      [reporter, account],
    );
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const body = {
      'suspend 30 days': { action: 'suspend', until: inDays(30) },
      'suspend 366 days': { action: 'suspend', until: inDays(366) },
      'suspend for good': { action: 'suspend' },
      'lift staff-set': { action: 'unsuspend' },
      'lift admin-set': { action: 'unsuspend' },
      'replace admin-set': { action: 'suspend', until: inDays(1) },
    }[what];
    const res = await http().post(`/api/moderation/reports/${reportId}/actions`).set(AS_THE_APP).set('Cookie', cookies[role]!).send(body);
    expect({ role, what, status: res.status }).toEqual({ role, what, status: expected });
    const after = await t.db.query('SELECT until, by_id FROM suspensions WHERE user_id = $1', [account]);
    if (expected !== 200) expect(after).toEqual(before);
    else expect(after).toEqual(body.action === 'unsuspend' ? [] : [{ until: body.until ? new Date(body.until) : Infinity, by_id: actors[role]!.id }]);
  });

  it('the signed-in callers are still who they were (no row ended or changed their session or group)', async () => {
    for (const [role, groupId] of Object.entries(GROUP_OF) as [Exclude<Role, 'anonymous'>, number][]) {
      const me = await http().get('/api/me').set(AS_THE_APP).set('Cookie', cookies[role]!).expect(200);
      expect({ role, id: me.body.id, group: me.body.group_id }).toEqual({ role, id: actors[role]!.id, group: groupId });
    }
  });
});
