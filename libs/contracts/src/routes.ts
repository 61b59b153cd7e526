/**
 * Every endpoint under /api by a stable name, declared once (defineRoute): method, path, who may call,
 * the schemas of its parameters, query, body and answers, and the errors it may answer. The client
 * calls the API only through this table (its types inferred from the schemas); the server binds each
 * handler to its entry (@Endpoint), which sets the route and validates the request with its schemas;
 * the OpenAPI document is generated from it.
 */
import {
  AdminAppBackupResult, AdminBackupResult, AdminJobCounts, AdminJobPending, AdminJobStatusSchema, AdminOrphansDeleteResult, AdminOrphansResult,
  AdminResetPasswordResult, AdminUserLookup, AdminSyncResult, AuditEntry,
} from './admin';
import * as z from 'zod/mini';
import { defineRoute, type ApiRoute } from './api-route';
import { AccountMailResult, ForgotPasswordBody, PasswordResetBody, VerifyEmailBody } from './account-mail';
import { PushEndpointBody, PushKey, PushSubscriptionBody } from './push';
import { AddPasskeyBody, PasskeyCreationOptions, PasskeyItem, PasskeyLoginBody, PasskeyRequestOptions } from './passkeys';
import { AdminUser, BoostRotateResult } from './boosts';
import { BlockResult, HiddenAccount, MutedWord, MutedWordBody, MuteResult, NotInterestedResult } from './safety';
import { ModerationActionBody, ModerationQuery, ModerationReport, ReportBody } from './moderation';
import {
  ActorBody, AdminUsersQuery, AlertsQuery, AuditQuery, BookmarkBody, BoostRequestBody, EditPostBody, FeedQueryParams, FollowPair, GifEmojiQuery, GifPingbackBody, GifRandomQuery, GifRelatedQuery,
  GifSearchQuery, GifTrendingQuery, LoginBody, NewPostBody, NoticeBody, NotificationSeenBody, NotificationSettingsBody, OrphanDeleteBody, PageQuery, PROFILE_IMAGES, ProfileFields, RegisterBody,
  ReplyBody, ResetPasswordBody, SetUserGroupBody, SubscribeBody, TextPageQuery, UsernameSuggestQuery,
} from './requests';
import { idParam, pathString, pathText } from './schema-kit';
import { AccountSession, DataExport, DataExportList, DeleteAccountBody, EndedSessions, EXPORT_CONTENT_TYPE, ExportIdParams, SessionIdParams } from './account-data';
import {
  AlertGroup, ApiError, BookmarkResult, BoostQuota, CurrentUser, FollowResult, FollowUser, GifCategoriesResponse, GifRandomResponse, GifSearchResponse, GroupPlan, HealthReport, IsFollowingResult, LikeResult, LivenessReport, NoticeResult, NotificationSeenResult, NotificationSettings, NotificationStatus, Post, PostCounts, PostEdit, PostThread, PublicConfig, ReadinessReport, RepostResult, SubscribeResult, Subscription, SystemNotice, TrendingTags, UserAlert, UserProfile, UserSearchResult, WebhookResult, pageOf,
} from './types';
import { ThemeBody } from './appearance';
import {
  AddMembersBody, Conversation, ConversationsQuery, DeleteMessageQuery, DmMessage, DmReactionBody, DmReactionCount, DmSettings, DmSettingsBody, DmUnread, NewConversationBody, NewMessageBody, ReadBody,
} from './direct-messages';
import { LoginResult, LoginSecondStepBody, Me, RecoveryCodes, RecoveryCodesBody, TotpDisableBody, TotpEnableBody, TotpSetup } from './two-factor';


const Done = z.object({ success: z.literal(true) });

const id = z.object({ id: idParam });
const userId = z.object({ userId: idParam });
const username = z.object({ username: pathText });

/** The answers every session route may give besides its own: 401 signed out. */
const SIGNED_IN = [401] as const;
/** Staff and admin tools: 401 signed out, 403 for anyone else. */
const STAFF = [401, 403] as const;
/** The admin's job tools answer 202 with AdminJobPending when the job outlasts the wait; poll `jobStatus`. */
const jobOr = <T extends z.core.$ZodType>(done: T) => ({ 200: done, 202: AdminJobPending });

export const ROUTES = {
  auth: {
    /** With two-factor on, a right password answers TwoFactorChallenge and no session: finish with twoFactor.login. */
    login: defineRoute({ method: 'POST', path: '/api/login', summary: 'Sign in; sets the session cookie (or asks for the second step).', auth: 'public', body: LoginBody, responses: { 200: LoginResult }, errors: [401, 403] }),
    logout: defineRoute({ method: 'POST', path: '/api/logout', summary: 'Sign out; ends the session.', auth: 'optional', responses: { 200: Done }, errors: [] }),
    me: defineRoute({ method: 'GET', path: '/api/me', summary: 'The signed-in account (with its second factors and colour theme).', auth: 'session', responses: { 200: Me }, errors: SIGNED_IN }),
    /** The account's colour theme (system, light or dark), which follows the member to every browser. */
    setTheme: defineRoute({ method: 'PUT', path: '/api/me/theme', summary: "Set the account's colour theme.", auth: 'session', body: ThemeBody, responses: { 200: ThemeBody }, errors: [400, 401] }),
  },
  /** Two-factor sign-in with an authenticator app (TOTP). */
  twoFactor: {
    /** A new secret, not active until `enable`; answered once (a new setup replaces one not yet enabled). */
    setup: defineRoute({ method: 'POST', path: '/api/me/2fa/totp/setup', summary: 'Start setting up an authenticator app.', auth: 'session', responses: { 200: TotpSetup }, errors: [401, 409] }),
    enable: defineRoute({ method: 'POST', path: '/api/me/2fa/totp/enable', summary: 'Turn on two-factor sign-in with a code from the app; answers the recovery codes once.', auth: 'session', body: TotpEnableBody, responses: { 200: RecoveryCodes }, errors: [401, 403, 409] }),
    disable: defineRoute({ method: 'DELETE', path: '/api/me/2fa/totp', summary: 'Turn off two-factor sign-in (password and a code).', auth: 'session', body: TotpDisableBody, responses: { 200: Done }, errors: [401, 403, 409] }),
    recoveryCodes: defineRoute({ method: 'POST', path: '/api/me/2fa/recovery-codes', summary: 'Replace the recovery codes (password); answers the new ones once.', auth: 'session', body: RecoveryCodesBody, responses: { 200: RecoveryCodes }, errors: [401, 403, 409] }),
    /** The second step of POST /api/login, from the same browser (its pending-sign-in cookie) within 5 minutes. */
    login: defineRoute({ method: 'POST', path: '/api/login/2fa', summary: "Finish signing in with an authenticator or recovery code.", auth: 'public', body: LoginSecondStepBody, responses: { 200: CurrentUser }, errors: [401, 403] }),
  },
  /** Passkeys (WebAuthn): the signed-in account's, and signing in with one (no username typed). */
  passkeys: {
    registrationOptions: defineRoute({ method: 'POST', path: '/api/me/passkeys/options', summary: 'Start adding a passkey: the creation options for the browser.', auth: 'session', responses: { 200: PasskeyCreationOptions }, errors: [401, 409] }),
    add: defineRoute({ method: 'POST', path: '/api/me/passkeys', summary: "Add a passkey from the browser's answer to the creation options.", auth: 'session', body: AddPasskeyBody, responses: { 201: PasskeyItem }, errors: [401, 409] }),
    list: defineRoute({ method: 'GET', path: '/api/me/passkeys', summary: "The signed-in account's passkeys.", auth: 'session', responses: { 200: z.object({ items: z.array(PasskeyItem) }) }, errors: SIGNED_IN }),
    remove: defineRoute({ method: 'DELETE', path: '/api/me/passkeys/:id', summary: 'Remove a passkey.', auth: 'session', params: id, responses: { 200: Done }, errors: [401, 404] }),
    signInOptions: defineRoute({ method: 'POST', path: '/api/login/passkey/options', summary: 'Start signing in with a passkey: the request options for the browser.', auth: 'public', responses: { 200: PasskeyRequestOptions }, errors: [] }),
    signIn: defineRoute({ method: 'POST', path: '/api/login/passkey', summary: "Sign in with a passkey from the browser's answer; sets the session cookie.", auth: 'public', body: PasskeyLoginBody, responses: { 200: CurrentUser }, errors: [401, 403] }),
  },
  /** The account's mail (issue 30): verifying the address, resetting a forgotten password. */
  accountMail: {
    verifyEmail: defineRoute({ method: 'POST', path: '/api/email/verify', summary: "Verify an e-mail address with its link's token (also completes an e-mail change).", auth: 'public', body: VerifyEmailBody, responses: { 200: AccountMailResult }, errors: [409] }),
    resendVerification: defineRoute({ method: 'POST', path: '/api/me/email/resend', summary: 'Send the verification link again (3 an hour).', auth: 'session', responses: { 202: AccountMailResult }, errors: [401, 409] }),
    forgotPassword: defineRoute({ method: 'POST', path: '/api/password/forgot', summary: 'Mail a password reset link; the same answer whether or not the account exists.', auth: 'public', body: ForgotPasswordBody, responses: { 202: AccountMailResult }, errors: [] }),
    resetPassword: defineRoute({ method: 'POST', path: '/api/password/reset', summary: "Set a new password with a reset link's token; ends every session of the account.", auth: 'public', body: PasswordResetBody, responses: { 200: AccountMailResult }, errors: [] }),
  },
  users: {
    register: defineRoute({ method: 'POST', path: '/api/users', summary: 'Create an account and sign in.', auth: 'public', body: RegisterBody, responses: { 201: z.object({ success: z.literal(true), user: CurrentUser }) }, errors: [409] }),
    profile: defineRoute({ method: 'GET', path: '/api/profile/:username', summary: "An account's profile.", auth: 'optional', params: username, responses: { 200: UserProfile }, errors: [404] }),
    update: defineRoute({
      method: 'PUT',
      path: '/api/users/:username',
      summary: "Change the signed-in account's profile fields (multipart with a new thumbnail or background).",
      auth: 'session',
      params: z.object({ username: pathString }),
      body: ProfileFields,
      multipart: { fields: ProfileFields, files: PROFILE_IMAGES },
      responses: { 200: CurrentUser },
      errors: [401, 403, 409, 415],
    }),
    /** Images only: any other field is ignored. */
    updateImages: defineRoute({
      method: 'PUT',
      path: '/api/profile/:username',
      summary: "Change the signed-in account's thumbnail or background image.",
      auth: 'session',
      params: z.object({ username: pathString }),
      multipart: { fields: z.object({}), files: PROFILE_IMAGES },
      responses: { 200: z.object({ thumbnail: z.nullable(z.string()), background: z.nullable(z.string()) }) },
      errors: [401, 403, 415],
    }),
    /** Its owner sends the password (403 when missing or wrong) and, with two-factor on, a code; an admin deleting another account sends neither. */
    delete: defineRoute({ method: 'DELETE', path: '/api/users/:id', summary: 'Delete an account (its owner, with the password, or the admin).', auth: 'session', params: id, body: DeleteAccountBody, responses: { 200: Done }, errors: [401, 403, 404] }),
    /** Signed in only: up to 8 accounts whose username starts with `prefix`, best first. */
    suggest: defineRoute({ method: 'GET', path: '/api/users/suggest', summary: 'Usernames starting with a prefix (mention autocomplete).', auth: 'session', query: UsernameSuggestQuery, responses: { 200: z.object({ items: z.array(UserSearchResult) }) }, errors: SIGNED_IN }),
  },
  /** The signed-in account's own sessions and data exports (issue 30, items 6 and 7). */
  accountData: {
    sessions: defineRoute({ method: 'GET', path: '/api/me/sessions', summary: "The signed-in account's sessions (devices), newest first.", auth: 'session', responses: { 200: z.object({ items: z.array(AccountSession) }) }, errors: SIGNED_IN }),
    /** Another account's session id, or one that ended, is 404. */
    endSession: defineRoute({ method: 'DELETE', path: '/api/me/sessions/:id', summary: 'End one of the signed-in account\'s sessions (and its sockets).', auth: 'session', params: SessionIdParams, responses: { 200: EndedSessions }, errors: [401, 404] }),
    endOtherSessions: defineRoute({ method: 'DELETE', path: '/api/me/sessions', summary: 'End every session of the signed-in account but the current one.', auth: 'session', responses: { 200: EndedSessions }, errors: SIGNED_IN }),
    /** 429 (with Retry-After and the date in the message) within 7 days of the last export. */
    requestExport: defineRoute({ method: 'POST', path: '/api/me/export', summary: 'Ask for a ZIP of the account\'s data (at most once per 7 days).', auth: 'session', responses: { 202: DataExport }, errors: SIGNED_IN }),
    exports: defineRoute({ method: 'GET', path: '/api/me/exports', summary: "The signed-in account's data exports of the last 7 days.", auth: 'session', responses: { 200: DataExportList }, errors: SIGNED_IN }),
    /** 200: the ZIP (attachment); 202: still being built (its status); 409: it failed; 404: not the caller's, or expired. */
    export: defineRoute({ method: 'GET', path: '/api/me/exports/:id', summary: 'Download a data export of the signed-in account.', auth: 'session', params: ExportIdParams, responses: { file: EXPORT_CONTENT_TYPE, 202: DataExport }, errors: [401, 404, 409] }),
  },
  plans: {
    get: defineRoute({ method: 'GET', path: '/api/group/:groupId', summary: "A group's plan.", auth: 'public', params: z.object({ groupId: idParam }), responses: { 200: GroupPlan }, errors: [404] }),
    list: defineRoute({ method: 'GET', path: '/api/groups', summary: 'Every group plan.', auth: 'public', responses: { 200: z.array(GroupPlan) }, errors: [] }),
  },
  config: {
    get: defineRoute({ method: 'GET', path: '/api/config', summary: "The client's public configuration.", auth: 'public', responses: { 200: PublicConfig }, errors: [] }),
  },
  health: {
    /** 503 with the same shape when a dependency is down. */
    check: defineRoute({ method: 'GET', path: '/api/health', summary: 'Health of the instance and its dependencies.', auth: 'public', responses: { 200: HealthReport, 503: HealthReport }, errors: [] }),
    /** 200 while the process runs; never asks a dependency. */
    live: defineRoute({ method: 'GET', path: '/api/health/live', summary: 'Liveness: the process runs.', auth: 'public', responses: { 200: LivenessReport }, errors: [] }),
    /** 503 (error shape with the details) when a dependency does not answer or the instance is draining. */
    ready: defineRoute({ method: 'GET', path: '/api/health/ready', summary: 'Readiness: the instance takes traffic.', auth: 'public', responses: { 200: ReadinessReport, 503: z.extend(ReadinessReport, ApiError.shape) }, errors: [] }),
  },
  posts: {
    list: defineRoute({ method: 'GET', path: '/api/posts', summary: 'The feed: a page of posts (by tab, author, search, category or hashtag).', auth: 'optional', query: FeedQueryParams, responses: { 200: pageOf(Post) }, errors: [401, 403, 404] }),
    byCategory: defineRoute({
      method: 'GET',
      path: '/api/posts/category/:category',
      summary: 'A page of posts of one category.',
      auth: 'optional',
      params: z.object({ category: pathString }),
      query: FeedQueryParams,
      responses: { 200: pageOf(Post) },
      errors: [401, 403, 404],
    }),
    /** JSON without a file, multipart with one (and, for a video, optionally its poster frame). */
    create: defineRoute({
      method: 'POST',
      path: '/api/posts',
      summary: 'Publish a post.',
      auth: 'session',
      body: NewPostBody,
      multipart: { fields: NewPostBody, files: ['file', 'poster'] },
      responses: { 201: Post },
      errors: [401, 403, 415],
    }),
    get: defineRoute({ method: 'GET', path: '/api/posts/:id', summary: 'One post.', auth: 'optional', params: id, responses: { 200: Post }, errors: [404] }),
    replies: defineRoute({ method: 'GET', path: '/api/posts/:id/replies', summary: "A page of a post's replies.", auth: 'optional', params: id, query: PageQuery, responses: { 200: pageOf(Post) }, errors: [404] }),
    /** `cursor` pages the replies exactly as the replies route does (one cursor format). */
    thread: defineRoute({ method: 'GET', path: '/api/posts/:id/thread', summary: 'A post with its ancestors and a page of its replies.', auth: 'optional', params: id, query: PageQuery, responses: { 200: PostThread }, errors: [404] }),
    history: defineRoute({ method: 'GET', path: '/api/posts/:id/history', summary: "A post's earlier versions.", auth: 'optional', params: id, responses: { 200: z.object({ items: z.array(PostEdit) }) }, errors: [404] }),
    likers: defineRoute({ method: 'GET', path: '/api/posts/:id/likes', summary: "A page of a post's likers, newest like first.", auth: 'optional', params: id, query: PageQuery, responses: { 200: pageOf(FollowUser) }, errors: [404] }),
    repostCount: defineRoute({ method: 'GET', path: '/api/reposts/count/:id', summary: 'How often a post was reposted.', auth: 'optional', params: id, responses: { 200: z.object({ count: z.number() }) }, errors: [404] }),
    like: defineRoute({ method: 'POST', path: '/api/posts/:id/like', summary: 'Like or unlike a post.', auth: 'session', params: id, body: ActorBody, responses: { 200: LikeResult }, errors: [401, 403, 404] }),
    repost: defineRoute({ method: 'POST', path: '/api/posts/:id/repost', summary: 'Repost or un-repost a post.', auth: 'session', params: id, body: ActorBody, responses: { 200: RepostResult }, errors: [401, 403, 404] }),
    /** JSON without a file, multipart with one (and, for a video, optionally its poster frame). */
    reply: defineRoute({
      method: 'POST',
      path: '/api/posts/:id/reply',
      summary: 'Reply to a post.',
      auth: 'session',
      params: id,
      body: ReplyBody,
      multipart: { fields: ReplyBody, files: ['file', 'poster'] },
      responses: { 201: Post },
      errors: [401, 403, 404, 415],
    }),
    edit: defineRoute({ method: 'PUT', path: '/api/posts/:id/edit', summary: "Edit a post's text or description.", auth: 'session', params: id, body: EditPostBody, responses: { 200: z.object({ success: z.literal(true), post: Post }) }, errors: [401, 403, 404] }),
    delete: defineRoute({ method: 'DELETE', path: '/api/posts/:id', summary: 'Delete a post (its author or staff).', auth: 'session', params: id, responses: { 200: Done }, errors: [401, 403, 404] }),
  },
  trending: {
    /** The trending hashtags, topped up with the default topics; public and cacheable. */
    list: defineRoute({ method: 'GET', path: '/api/trending', summary: 'The trending hashtags.', auth: 'public', responses: { 200: TrendingTags }, errors: [] }),
  },
  bookmarks: {
    list: defineRoute({ method: 'GET', path: '/api/bookmarks', summary: "A page of the signed-in account's bookmarks.", auth: 'session', query: PageQuery, responses: { 200: pageOf(Post) }, errors: SIGNED_IN }),
    add: defineRoute({ method: 'POST', path: '/api/bookmarks', summary: 'Bookmark a post.', auth: 'session', body: BookmarkBody, responses: { 200: BookmarkResult }, errors: [401, 404] }),
    remove: defineRoute({ method: 'DELETE', path: '/api/bookmarks/:postId', summary: 'Remove a bookmark.', auth: 'session', params: z.object({ postId: idParam }), responses: { 200: BookmarkResult }, errors: SIGNED_IN }),
  },
  profilePosts: {
    replies: defineRoute({ method: 'GET', path: '/api/users/:username/replies', summary: "A page of an account's replies.", auth: 'optional', params: username, query: PageQuery, responses: { 200: pageOf(Post) }, errors: [403, 404] }),
    liked: defineRoute({ method: 'GET', path: '/api/users/:username/liked-posts', summary: 'A page of the posts an account liked.', auth: 'optional', params: username, query: PageQuery, responses: { 200: pageOf(Post) }, errors: [403, 404] }),
    reposts: defineRoute({ method: 'GET', path: '/api/users/:username/reposts', summary: "A page of an account's reposts.", auth: 'optional', params: username, query: PageQuery, responses: { 200: pageOf(Post) }, errors: [403, 404] }),
    media: defineRoute({ method: 'GET', path: '/api/users/:username/media', summary: "A page of an account's posts with media.", auth: 'optional', params: username, query: PageQuery, responses: { 200: pageOf(Post) }, errors: [403, 404] }),
    counts: defineRoute({ method: 'GET', path: '/api/users/:username/counts', summary: "An account's post counts.", auth: 'optional', params: username, responses: { 200: PostCounts }, errors: [404] }),
  },
  search: {
    posts: defineRoute({ method: 'GET', path: '/api/search/posts', summary: 'A page of posts matching a text.', auth: 'optional', query: TextPageQuery, responses: { 200: pageOf(Post) }, errors: [] }),
    /** 404 when nobody matches. */
    users: defineRoute({ method: 'GET', path: '/api/search/user/:name', summary: 'Accounts matching a name.', auth: 'optional', params: z.object({ name: pathText }), responses: { 200: z.array(UserSearchResult) }, errors: [404] }),
    profile: defineRoute({ method: 'GET', path: '/api/search/profile/:username', summary: "A page of an account's posts matching a text.", auth: 'optional', params: username, query: TextPageQuery, responses: { 200: pageOf(Post) }, errors: [403, 404] }),
  },
  gifs: {
    search: defineRoute({ method: 'GET', path: '/api/gifs/search', summary: 'GIFs matching a text.', auth: 'public', query: GifSearchQuery, responses: { 200: GifSearchResponse }, errors: [451, 502] }),
    trending: defineRoute({ method: 'GET', path: '/api/gifs/trending', summary: 'Trending GIFs.', auth: 'public', query: GifTrendingQuery, responses: { 200: GifSearchResponse }, errors: [451, 502] }),
    categories: defineRoute({ method: 'GET', path: '/api/gifs/categories', summary: 'GIF categories.', auth: 'public', responses: { 200: GifCategoriesResponse }, errors: [451, 502] }),
    related: defineRoute({ method: 'GET', path: '/api/gifs/related', summary: 'GIFs like a GIF.', auth: 'public', query: GifRelatedQuery, responses: { 200: GifSearchResponse }, errors: [451, 502] }),
    random: defineRoute({ method: 'GET', path: '/api/gifs/random', summary: 'One random GIF.', auth: 'public', query: GifRandomQuery, responses: { 200: GifRandomResponse }, errors: [451, 502] }),
    emoji: defineRoute({ method: 'GET', path: '/api/gifs/emoji', summary: "The GIF provider's emoji.", auth: 'public', query: GifEmojiQuery, responses: { 200: GifSearchResponse }, errors: [451, 502] }),
    /** Answers 202 at once; the events reach the provider afterwards (or are dropped). */
    pingback: defineRoute({ method: 'POST', path: '/api/gifs/pingback', summary: "Pass GIF analytics events on to the provider.", auth: 'public', body: GifPingbackBody, responses: { 202: Done }, errors: [] }),
  },
  follows: {
    follow: defineRoute({ method: 'POST', path: '/api/follow', summary: 'Follow an account.', auth: 'session', body: FollowPair, responses: { 200: FollowResult }, errors: [401, 403, 404] }),
    unfollow: defineRoute({ method: 'POST', path: '/api/unfollow', summary: 'Stop following an account.', auth: 'session', body: FollowPair, responses: { 200: FollowResult }, errors: [401, 403, 404] }),
    followers: defineRoute({ method: 'GET', path: '/api/followers/:userId', summary: "A page of an account's followers.", auth: 'optional', params: userId, query: PageQuery, responses: { 200: pageOf(FollowUser) }, errors: [403, 404] }),
    following: defineRoute({ method: 'GET', path: '/api/following/:userId', summary: 'A page of the accounts an account follows.', auth: 'optional', params: userId, query: PageQuery, responses: { 200: pageOf(FollowUser) }, errors: [403, 404] }),
    isFollowing: defineRoute({ method: 'GET', path: '/api/is-following', summary: 'Whether one account follows another.', auth: 'public', query: FollowPair, responses: { 200: IsFollowingResult }, errors: [] }),
  },
  safety: {
    mutes: defineRoute({ method: 'GET', path: '/api/mutes', summary: 'A page of the accounts the signed-in account muted.', auth: 'session', query: PageQuery, responses: { 200: pageOf(HiddenAccount) }, errors: SIGNED_IN }),
    mute: defineRoute({ method: 'POST', path: '/api/mutes/:userId', summary: 'Mute an account.', auth: 'session', params: userId, responses: { 200: MuteResult }, errors: [401, 404, 409] }),
    unmute: defineRoute({ method: 'DELETE', path: '/api/mutes/:userId', summary: 'Unmute an account.', auth: 'session', params: userId, responses: { 200: MuteResult }, errors: SIGNED_IN }),
    blocks: defineRoute({ method: 'GET', path: '/api/blocks', summary: 'A page of the accounts the signed-in account blocked.', auth: 'session', query: PageQuery, responses: { 200: pageOf(HiddenAccount) }, errors: SIGNED_IN }),
    block: defineRoute({ method: 'POST', path: '/api/blocks/:userId', summary: 'Block an account.', auth: 'session', params: userId, responses: { 200: BlockResult }, errors: [401, 404, 409] }),
    unblock: defineRoute({ method: 'DELETE', path: '/api/blocks/:userId', summary: 'Unblock an account.', auth: 'session', params: userId, responses: { 200: BlockResult }, errors: SIGNED_IN }),
    mutedWords: defineRoute({ method: 'GET', path: '/api/muted-words', summary: "The signed-in account's muted words.", auth: 'session', responses: { 200: z.object({ items: z.array(MutedWord) }) }, errors: SIGNED_IN }),
    addMutedWord: defineRoute({ method: 'POST', path: '/api/muted-words', summary: 'Mute a word or phrase.', auth: 'session', body: MutedWordBody, responses: { 200: MutedWord, 201: MutedWord }, errors: [401, 409] }),
    removeMutedWord: defineRoute({ method: 'DELETE', path: '/api/muted-words/:id', summary: 'Unmute a word or phrase.', auth: 'session', params: id, responses: { 200: Done }, errors: [401, 404] }),
    notInterested: defineRoute({ method: 'POST', path: '/api/posts/:id/not-interested', summary: 'Show less like a post.', auth: 'session', params: id, responses: { 200: NotInterestedResult }, errors: [401, 404] }),
    interestedAgain: defineRoute({ method: 'DELETE', path: '/api/posts/:id/not-interested', summary: 'Undo Not interested.', auth: 'session', params: id, responses: { 200: NotInterestedResult }, errors: SIGNED_IN }),
  },
  moderation: {
    report: defineRoute({ method: 'POST', path: '/api/reports', summary: 'Report a post, an account or a direct message.', auth: 'session', body: ReportBody, responses: { 201: z.object({ id: z.number() }) }, errors: [401, 403, 404, 409] }),
    queue: defineRoute({ method: 'GET', path: '/api/moderation/reports', summary: 'A page of the moderation queue (staff).', auth: 'session', query: ModerationQuery, responses: { 200: pageOf(ModerationReport) }, errors: STAFF }),
    act: defineRoute({
      method: 'POST',
      path: '/api/moderation/reports/:id/actions',
      summary: 'Act on a report (staff).',
      auth: 'session',
      params: id,
      body: ModerationActionBody,
      responses: { 200: z.object({ success: z.literal(true), report: ModerationReport }) },
      errors: [401, 403, 404, 409],
    }),
  },
  /** Direct messages (decision 0100): a non-member gets 404 for a conversation and its messages. */
  directMessages: {
    list: defineRoute({
      method: 'GET', path: '/api/conversations', summary: 'A page of the inbox or the Requests, newest conversation first.', auth: 'session',
      query: ConversationsQuery, responses: { 200: pageOf(Conversation) }, errors: SIGNED_IN,
    }),
    /** 201 with a new id; 200 with the existing one for a conversation with the same one person. */
    start: defineRoute({
      method: 'POST', path: '/api/conversations', summary: 'Start a conversation (or find the one with the same person).', auth: 'session',
      body: NewConversationBody, responses: { 200: z.object({ id: z.number() }), 201: z.object({ id: z.number() }) }, errors: [401, 403, 404, 429],
    }),
    unread: defineRoute({ method: 'GET', path: '/api/conversations/unread', summary: 'Unread messages and waiting requests (the Messages badge).', auth: 'session', responses: { 200: DmUnread }, errors: SIGNED_IN }),
    get: defineRoute({ method: 'GET', path: '/api/conversations/:id', summary: 'One conversation.', auth: 'session', params: id, responses: { 200: Conversation }, errors: [401, 404] }),
    messages: defineRoute({
      method: 'GET', path: '/api/conversations/:id/messages', summary: 'A page of messages, newest first.', auth: 'session',
      params: id, query: PageQuery, responses: { 200: pageOf(DmMessage) }, errors: [401, 404],
    }),
    /** JSON without a file, multipart with one. */
    send: defineRoute({
      method: 'POST', path: '/api/conversations/:id/messages', summary: 'Send a message.', auth: 'session', params: id,
      body: NewMessageBody, multipart: { fields: NewMessageBody, files: ['file'] }, responses: { 201: DmMessage }, errors: [401, 403, 404, 415, 429],
    }),
    read: defineRoute({ method: 'POST', path: '/api/conversations/:id/read', summary: 'Mark the conversation read up to a message.', auth: 'session', params: id, body: ReadBody, responses: { 200: Done }, errors: [401, 404] }),
    accept: defineRoute({ method: 'POST', path: '/api/conversations/:id/accept', summary: 'Accept a request: the conversation moves to the inbox.', auth: 'session', params: id, responses: { 200: Done }, errors: [401, 404] }),
    /** Leaves a group; for a conversation of two, deletes it for the caller (it comes back with the next message). */
    leave: defineRoute({ method: 'DELETE', path: '/api/conversations/:id', summary: 'Leave a group, or delete a conversation for oneself.', auth: 'session', params: id, responses: { 200: Done }, errors: [401, 404] }),
    addMembers: defineRoute({
      method: 'POST', path: '/api/conversations/:id/members', summary: 'Add members to a group (its creator).', auth: 'session',
      params: id, body: AddMembersBody, responses: { 200: Conversation }, errors: [401, 403, 404],
    }),
    mute: defineRoute({ method: 'POST', path: '/api/conversations/:id/mute', summary: 'Mute a conversation: no pushes, no unread badge.', auth: 'session', params: id, responses: { 200: Done }, errors: [401, 404] }),
    unmute: defineRoute({ method: 'DELETE', path: '/api/conversations/:id/mute', summary: 'Unmute a conversation.', auth: 'session', params: id, responses: { 200: Done }, errors: [401, 404] }),
    react: defineRoute({
      method: 'POST', path: '/api/messages/:id/reactions', summary: 'React to a message with a quick reaction.', auth: 'session',
      params: id, body: DmReactionBody, responses: { 200: z.object({ reactions: z.array(DmReactionCount) }) }, errors: [401, 404],
    }),
    unreact: defineRoute({
      method: 'DELETE', path: '/api/messages/:id/reactions/:emoji', summary: 'Take a reaction back.', auth: 'session',
      params: z.object({ id: idParam, emoji: pathText }), responses: { 200: z.object({ reactions: z.array(DmReactionCount) }) }, errors: [401, 404],
    }),
    /** `for=everyone`: the sender, within 10 minutes (403 otherwise); `for=me` (the default): gone from one's own list. */
    deleteMessage: defineRoute({
      method: 'DELETE', path: '/api/messages/:id', summary: 'Delete a message for oneself or for everyone.', auth: 'session',
      params: id, query: DeleteMessageQuery, responses: { 200: Done }, errors: [401, 403, 404],
    }),
    settings: defineRoute({ method: 'GET', path: '/api/me/dm-settings', summary: 'Who may message the signed-in account, read receipts, push text.', auth: 'session', responses: { 200: DmSettings }, errors: SIGNED_IN }),
    setSettings: defineRoute({ method: 'PUT', path: '/api/me/dm-settings', summary: 'Change the direct message settings.', auth: 'session', body: DmSettingsBody, responses: { 200: DmSettings }, errors: SIGNED_IN }),
  },
  notifications: {
    /** Single alerts, or with `grouped=1` groups of them (AlertGroup). */
    alerts: defineRoute({
      method: 'GET',
      path: '/api/notifications/user/:userId',
      summary: "A page of the signed-in account's alerts.",
      auth: 'session',
      params: userId,
      query: AlertsQuery,
      responses: { 200: z.union([pageOf(UserAlert), pageOf(AlertGroup)]) },
      errors: [401, 403],
    }),
    settings: defineRoute({ method: 'GET', path: '/api/notifications/settings', summary: 'Which alerts the signed-in account receives.', auth: 'session', responses: { 200: NotificationSettings }, errors: SIGNED_IN }),
    saveSettings: defineRoute({ method: 'PUT', path: '/api/notifications/settings', summary: 'Change which alerts the signed-in account receives.', auth: 'session', body: NotificationSettingsBody, responses: { 200: NotificationSettings }, errors: SIGNED_IN }),
    notices: defineRoute({ method: 'GET', path: '/api/notifications/posts', summary: 'A page of system notices.', auth: 'session', query: PageQuery, responses: { 200: pageOf(SystemNotice) }, errors: SIGNED_IN }),
    /** 201 for a new notice, 200 for an edit; multipart only with a file. */
    saveNotice: defineRoute({
      method: 'POST',
      path: '/api/notifications/posts',
      summary: 'Publish or edit a system notice (admin).',
      auth: 'session',
      body: NoticeBody,
      multipart: { fields: NoticeBody, files: ['file', 'poster'] },
      responses: { 200: NoticeResult, 201: NoticeResult },
      errors: [401, 403, 404, 415],
    }),
    deleteNotice: defineRoute({ method: 'DELETE', path: '/api/notifications/posts/:id', summary: 'Delete a system notice (admin).', auth: 'session', params: id, responses: { 200: Done }, errors: [401, 403, 404] }),
    searchNotices: defineRoute({ method: 'GET', path: '/api/search/notifications', summary: 'A page of system notices matching a text.', auth: 'session', query: TextPageQuery, responses: { 200: pageOf(SystemNotice) }, errors: SIGNED_IN }),
    status: defineRoute({ method: 'GET', path: '/api/notifications/status', summary: 'What is unseen (the notification dot).', auth: 'session', responses: { 200: NotificationStatus }, errors: SIGNED_IN }),
    markSeen: defineRoute({ method: 'POST', path: '/api/notifications/seen', summary: 'Mark alerts or notices seen.', auth: 'session', body: NotificationSeenBody, responses: { 200: NotificationSeenResult }, errors: SIGNED_IN }),
  },
  /** Web Push to the signed-in account's devices (decision 0096). */
  push: {
    key: defineRoute({ method: 'GET', path: '/api/push/key', summary: "The VAPID public key, for PushManager.subscribe's applicationServerKey.", auth: 'session', responses: { 200: PushKey }, errors: SIGNED_IN }),
    /** Idempotent: the same endpoint again moves it to this session and takes its new keys. At most 20 per account (the oldest dropped). */
    subscribe: defineRoute({ method: 'POST', path: '/api/push/subscriptions', summary: "Subscribe this device (session) to pushes: the browser's PushSubscription.", auth: 'session', body: PushSubscriptionBody, responses: { 201: Done }, errors: SIGNED_IN }),
    /** Only the caller's own; an endpoint the caller has no subscription for answers 200 too. */
    unsubscribe: defineRoute({ method: 'DELETE', path: '/api/push/subscriptions', summary: 'Unsubscribe a device from pushes.', auth: 'session', body: PushEndpointBody, responses: { 200: Done }, errors: SIGNED_IN }),
    /** Sends "Test notification from Cloud 9" to one of the caller's subscriptions (queued: 202). */
    test: defineRoute({ method: 'POST', path: '/api/push/test', summary: 'Send a test push to one of the signed-in account\'s devices.', auth: 'session', body: PushEndpointBody, responses: { 202: Done }, errors: [401, 404] }),
  },
  billing: {
    subscribe: defineRoute({ method: 'POST', path: '/api/subscriptions', summary: 'Record a PayPal subscription.', auth: 'session', body: SubscribeBody, responses: { 200: SubscribeResult }, errors: [401, 402, 403, 409, 502] }),
    /** PayPal's caller: the event as PayPal signed it. */
    webhook: defineRoute({ method: 'POST', path: '/api/webhooks/paypal', summary: "PayPal's webhook (signed events).", auth: 'public', body: z.unknown(), responses: { 200: WebhookResult }, errors: [401] }),
    /** 404 when the member has none. */
    subscription: defineRoute({ method: 'GET', path: '/api/get-subscription/:userId', summary: "An account's subscription.", auth: 'session', params: userId, responses: { 200: z.nullable(Subscription) }, errors: [401, 403, 404] }),
  },
  boosts: {
    quota: defineRoute({ method: 'GET', path: '/api/boost/quota/:userId', summary: "An account's boost quota.", auth: 'session', params: userId, responses: { 200: BoostQuota }, errors: [401, 403, 404] }),
    /** 409 already requested, 429 limit reached. */
    request: defineRoute({ method: 'POST', path: '/api/boost/request', summary: 'Ask for a post to be boosted.', auth: 'session', body: BoostRequestBody, responses: { 201: z.object({ message: z.string() }) }, errors: [401, 403, 404, 409] }),
    /** 202 with the job to poll when the rotation outlasts the wait. */
    rotate: defineRoute({ method: 'PATCH', path: '/api/boost/rotate', summary: 'Rotate the boosted posts (admin).', auth: 'session', responses: jobOr(BoostRotateResult), errors: STAFF }),
    adminBoost: defineRoute({ method: 'POST', path: '/api/posts/:id/boost', summary: 'Boost a post now (admin).', auth: 'session', params: id, responses: { 200: Done }, errors: [401, 403, 404] }),
  },
  admin: {
    resetPassword: defineRoute({ method: 'POST', path: '/api/admin/reset-password', summary: "Set an account's password (admin).", auth: 'session', body: ResetPasswordBody, responses: { 200: AdminResetPasswordResult }, errors: [401, 403, 404] }),
    backup: defineRoute({ method: 'GET', path: '/api/admin/backup', summary: 'Back up the database (admin).', auth: 'session', responses: jobOr(AdminBackupResult), errors: STAFF }),
    restore: defineRoute({ method: 'GET', path: '/api/admin/restore', summary: 'Restore the latest backup (admin).', auth: 'session', responses: jobOr(AdminBackupResult), errors: [401, 403, 404] }),
    appBackup: defineRoute({ method: 'GET', path: '/api/admin/app-backup', summary: "Back up the app's files (admin).", auth: 'session', responses: jobOr(AdminAppBackupResult), errors: STAFF }),
    syncFollowTables: defineRoute({ method: 'POST', path: '/api/admin/sync-follow-tables', summary: 'Recount the follow tables (admin).', auth: 'session', responses: jobOr(AdminSyncResult), errors: STAFF }),
    orphans: defineRoute({ method: 'GET', path: '/api/admin/orphaned-uploads', summary: 'List uploads no row refers to (admin).', auth: 'session', responses: jobOr(AdminOrphansResult), errors: STAFF }),
    deleteOrphans: defineRoute({
      method: 'POST',
      path: '/api/admin/orphaned-uploads/delete',
      summary: 'Delete uploads no row refers to (admin).',
      auth: 'session',
      body: OrphanDeleteBody,
      responses: jobOr(AdminOrphansDeleteResult),
      errors: STAFF,
    }),
    userLookup: defineRoute({ method: 'GET', path: '/api/admin/user/:username', summary: 'Look up an account (admin).', auth: 'session', params: username, responses: { 200: AdminUserLookup }, errors: [401, 403, 404] }),
    /** `result` is the job's own return value, whose type only the caller knows. */
    jobStatus: defineRoute({
      method: 'GET',
      path: '/api/admin/jobs/:queue/:jobId',
      summary: "An admin job's state (admin).",
      auth: 'session',
      params: z.object({ queue: pathString, jobId: pathString }),
      responses: { 200: AdminJobStatusSchema },
      errors: [401, 403, 404],
    }),
    jobCounts: defineRoute({ method: 'GET', path: '/api/admin/job-counts', summary: 'Jobs per queue and state (admin).', auth: 'session', responses: { 200: AdminJobCounts }, errors: STAFF }),
    users: defineRoute({ method: 'GET', path: '/api/admin/users', summary: 'A page of accounts (admin).', auth: 'session', query: AdminUsersQuery, responses: { 200: pageOf(AdminUser) }, errors: STAFF }),
    setUserGroup: defineRoute({
      method: 'PATCH',
      path: '/api/admin/users/:id',
      summary: "Change an account's group (admin).",
      auth: 'session',
      params: id,
      body: SetUserGroupBody,
      responses: { 200: z.object({ success: z.literal(true), user: AdminUser }) },
      errors: [401, 403, 404],
    }),
    audit: defineRoute({ method: 'GET', path: '/api/admin/audit', summary: 'A page of the audit log (admin).', auth: 'session', query: AuditQuery, responses: { 200: pageOf(AuditEntry) }, errors: STAFF }),
  },
  apiDocs: {
    /** Generated from this table at start; public and cacheable (the reference page /api/docs renders it). */
    document: defineRoute({
      method: 'GET',
      path: '/api/openapi.json',
      summary: "This API's OpenAPI 3.1 document.",
      auth: 'public',
      responses: { 200: z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }) },
      errors: [],
    }),
  },
} as const;

/** A route's stable name: its group and key in ROUTES (`posts.get`). */
export type RouteName = { [G in keyof typeof ROUTES]: `${G}.${Extract<keyof (typeof ROUTES)[G], string>}` }[keyof typeof ROUTES];

/** Every route of the table with its name, in the table's order (the OpenAPI generator and the binding test walk it). */
export function allRoutes(): { name: RouteName; route: ApiRoute }[] {
  return Object.entries(ROUTES).flatMap(([group, routes]) =>
    Object.entries(routes as Record<string, ApiRoute>).map(([key, route]) => ({ name: `${group}.${key}` as RouteName, route })),
  );
}
