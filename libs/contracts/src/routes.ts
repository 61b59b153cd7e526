/**
 * Every endpoint under /api by a stable name, with its types. The client calls the API only through
 * this table; the server's controllers are checked against it (method, path and types per handler,
 * and the whole set both ways).
 */
import type {
  AdminAppBackupResult, AdminBackupResult, AdminJobCounts, AdminJobPending, AdminJobStatus, AdminOrphansDeleteResult, AdminOrphansResult,
  AdminResetPasswordResult, AdminUserLookup, AdminSyncResult, AuditEntry,
} from './admin';
import { route, type Multipart } from './api-route';
import type { AdminUser, BoostRotateResult } from './boosts';
import type { BlockResult, HiddenAccount, MutedWord, MutedWordBody, MuteResult, NotInterestedResult } from './safety';
import type { ModerationActionBody, ModerationQuery, ModerationReport, ReportBody } from './moderation';
import type {
  AlertsQuery, BookmarkBody, BoostRequestBody, EmptyBody, FeedQueryParams, FollowPair, GifEmojiQuery, GifPingbackBody, GifRandomQuery, GifRelatedQuery, GifSearchQuery, GifTrendingQuery, LoginBody, NewPostBody, NewPostFields,
  EditPostBody, NoticeBody, NoticeFields, NotificationSeenBody, NotificationSettingsBody, OrphanDeleteBody, PageQuery, ProfileFields, ProfileImage, RegisterBody,
  ReplyBody, ReplyFields, ResetPasswordBody, SetUserGroupBody, SubscribeBody, TextPageQuery, UsernameSuggestQuery,
} from './requests';
import type {
  AlertGroup, BookmarkResult, BoostQuota, CurrentUser, FollowResult, FollowUser, GifCategoriesResponse, GifRandomResponse, GifSearchResponse, GroupPlan, HealthReport, IsFollowingResult, LivenessReport, ReadinessReport, LikeResult, NoticeResult,
  NotificationSeenResult, NotificationSettings, NotificationStatus, Page, Post, PostCounts, PostEdit, PostThread, PublicConfig, RepostResult, SubscribeResult, Subscription,
  SystemNotice, TrendingTags, UserAlert, UserProfile, UserSearchResult, UserSuggestion, WebhookResult,
} from './types';

type Done = { success: true };

export const ROUTES = {
  auth: {
    login: route<{ body: LoginBody; response: CurrentUser }>()({ method: 'POST', path: '/api/login' }),
    logout: route<{ response: Done }>()({ method: 'POST', path: '/api/logout' }),
    me: route<{ response: CurrentUser }>()({ method: 'GET', path: '/api/me' }),
  },
  users: {
    register: route<{ body: RegisterBody; response: { success: true; user: CurrentUser } }>()({ method: 'POST', path: '/api/users' }),
    profile: route<{ response: UserProfile }>()({ method: 'GET', path: '/api/profile/:username' }),
    update: route<{ body: ProfileFields | Multipart<ProfileFields, ProfileImage>; response: CurrentUser }>()({ method: 'PUT', path: '/api/users/:username' }),
    /** Images only: any other field is ignored. */
    updateImages: route<{ body: Multipart<Record<never, never>, ProfileImage>; response: { thumbnail: string | null; background: string | null } }>()({
      method: 'PUT',
      path: '/api/profile/:username',
    }),
    delete: route<{ response: Done }>()({ method: 'DELETE', path: '/api/users/:id' }),
    /** Signed in only: up to 8 accounts whose username starts with `prefix`, best first. */
    suggest: route<{ query: UsernameSuggestQuery; response: { items: UserSuggestion[] } }>()({ method: 'GET', path: '/api/users/suggest' }),
  },
  plans: {
    get: route<{ response: GroupPlan }>()({ method: 'GET', path: '/api/group/:groupId' }),
    list: route<{ response: GroupPlan[] }>()({ method: 'GET', path: '/api/groups' }),
  },
  config: {
    get: route<{ response: PublicConfig }>()({ method: 'GET', path: '/api/config' }),
  },
  health: {
    /** 503 with the same shape when a dependency is down. */
    check: route<{ response: HealthReport }>()({ method: 'GET', path: '/api/health' }),
    /** 200 while the process runs; never asks a dependency. */
    live: route<{ response: LivenessReport }>()({ method: 'GET', path: '/api/health/live' }),
    /** 503 (error shape with the details) when a dependency does not answer or the instance is draining. */
    ready: route<{ response: ReadinessReport }>()({ method: 'GET', path: '/api/health/ready' }),
  },
  posts: {
    list: route<{ query: FeedQueryParams; response: Page<Post> }>()({ method: 'GET', path: '/api/posts' }),
    byCategory: route<{ query: FeedQueryParams; response: Page<Post> }>()({ method: 'GET', path: '/api/posts/category/:category' }),
    /** JSON without a file, multipart with one (and, for a video, optionally its poster frame). */
    create: route<{ body: NewPostBody | Multipart<NewPostFields, 'file' | 'poster'>; response: Post }>()({ method: 'POST', path: '/api/posts' }),
    get: route<{ response: Post }>()({ method: 'GET', path: '/api/posts/:id' }),
    replies: route<{ query: PageQuery; response: Page<Post> }>()({ method: 'GET', path: '/api/posts/:id/replies' }),
    /** `cursor` pages the replies exactly as the replies route does (one cursor format). */
    thread: route<{ query: PageQuery; response: PostThread }>()({ method: 'GET', path: '/api/posts/:id/thread' }),
    history: route<{ response: { items: PostEdit[] } }>()({ method: 'GET', path: '/api/posts/:id/history' }),
    repostCount: route<{ response: { count: number } }>()({ method: 'GET', path: '/api/reposts/count/:id' }),
    like: route<{ body: EmptyBody; response: LikeResult }>()({ method: 'POST', path: '/api/posts/:id/like' }),
    repost: route<{ body: EmptyBody; response: RepostResult }>()({ method: 'POST', path: '/api/posts/:id/repost' }),
    /** JSON without a file, multipart with one (and, for a video, optionally its poster frame). */
    reply: route<{ body: ReplyBody | Multipart<ReplyFields, 'file' | 'poster'>; response: Post }>()({ method: 'POST', path: '/api/posts/:id/reply' }),
    edit: route<{ body: EditPostBody; response: { success: true; post: Post } }>()({ method: 'PUT', path: '/api/posts/:id/edit' }),
    delete: route<{ response: Done }>()({ method: 'DELETE', path: '/api/posts/:id' }),
  },
  trending: {
    /** The trending hashtags, topped up with the default topics; public and cacheable. */
    list: route<{ response: TrendingTags }>()({ method: 'GET', path: '/api/trending' }),
  },
  bookmarks: {
    list: route<{ query: PageQuery; response: Page<Post> }>()({ method: 'GET', path: '/api/bookmarks' }),
    add: route<{ body: BookmarkBody; response: BookmarkResult }>()({ method: 'POST', path: '/api/bookmarks' }),
    remove: route<{ response: BookmarkResult }>()({ method: 'DELETE', path: '/api/bookmarks/:postId' }),
  },
  profilePosts: {
    replies: route<{ query: PageQuery; response: Page<Post> }>()({ method: 'GET', path: '/api/users/:username/replies' }),
    liked: route<{ query: PageQuery; response: Page<Post> }>()({ method: 'GET', path: '/api/users/:username/liked-posts' }),
    reposts: route<{ query: PageQuery; response: Page<Post> }>()({ method: 'GET', path: '/api/users/:username/reposts' }),
    media: route<{ query: PageQuery; response: Page<Post> }>()({ method: 'GET', path: '/api/users/:username/media' }),
    counts: route<{ response: PostCounts }>()({ method: 'GET', path: '/api/users/:username/counts' }),
  },
  search: {
    posts: route<{ query: TextPageQuery; response: Page<Post> }>()({ method: 'GET', path: '/api/search/posts' }),
    /** 404 when nobody matches. */
    users: route<{ response: UserSearchResult[] }>()({ method: 'GET', path: '/api/search/user/:name' }),
    profile: route<{ query: TextPageQuery; response: Page<Post> }>()({ method: 'GET', path: '/api/search/profile/:username' }),
  },
  gifs: {
    search: route<{ query: GifSearchQuery; response: GifSearchResponse }>()({ method: 'GET', path: '/api/gifs/search' }),
    trending: route<{ query: GifTrendingQuery; response: GifSearchResponse }>()({ method: 'GET', path: '/api/gifs/trending' }),
    categories: route<{ response: GifCategoriesResponse }>()({ method: 'GET', path: '/api/gifs/categories' }),
    related: route<{ query: GifRelatedQuery; response: GifSearchResponse }>()({ method: 'GET', path: '/api/gifs/related' }),
    random: route<{ query: GifRandomQuery; response: GifRandomResponse }>()({ method: 'GET', path: '/api/gifs/random' }),
    emoji: route<{ query: GifEmojiQuery; response: GifSearchResponse }>()({ method: 'GET', path: '/api/gifs/emoji' }),
    /** Answers 202 at once; the events reach the provider afterwards (or are dropped). */
    pingback: route<{ body: GifPingbackBody; response: Done }>()({ method: 'POST', path: '/api/gifs/pingback' }),
  },
  follows: {
    follow: route<{ body: FollowPair; response: FollowResult }>()({ method: 'POST', path: '/api/follow' }),
    unfollow: route<{ body: FollowPair; response: FollowResult }>()({ method: 'POST', path: '/api/unfollow' }),
    followers: route<{ query: PageQuery; response: Page<FollowUser> }>()({ method: 'GET', path: '/api/followers/:userId' }),
    following: route<{ query: PageQuery; response: Page<FollowUser> }>()({ method: 'GET', path: '/api/following/:userId' }),
    isFollowing: route<{ query: FollowPair; response: IsFollowingResult }>()({ method: 'GET', path: '/api/is-following' }),
  },
  safety: {
    mutes: route<{ query: PageQuery; response: Page<HiddenAccount> }>()({ method: 'GET', path: '/api/mutes' }),
    mute: route<{ response: MuteResult }>()({ method: 'POST', path: '/api/mutes/:userId' }),
    unmute: route<{ response: MuteResult }>()({ method: 'DELETE', path: '/api/mutes/:userId' }),
    blocks: route<{ query: PageQuery; response: Page<HiddenAccount> }>()({ method: 'GET', path: '/api/blocks' }),
    block: route<{ response: BlockResult }>()({ method: 'POST', path: '/api/blocks/:userId' }),
    unblock: route<{ response: BlockResult }>()({ method: 'DELETE', path: '/api/blocks/:userId' }),
    mutedWords: route<{ response: { items: MutedWord[] } }>()({ method: 'GET', path: '/api/muted-words' }),
    addMutedWord: route<{ body: MutedWordBody; response: MutedWord }>()({ method: 'POST', path: '/api/muted-words' }),
    removeMutedWord: route<{ response: Done }>()({ method: 'DELETE', path: '/api/muted-words/:id' }),
    notInterested: route<{ response: NotInterestedResult }>()({ method: 'POST', path: '/api/posts/:id/not-interested' }),
    interestedAgain: route<{ response: NotInterestedResult }>()({ method: 'DELETE', path: '/api/posts/:id/not-interested' }),
  },
  moderation: {
    report: route<{ body: ReportBody; response: { id: number } }>()({ method: 'POST', path: '/api/reports' }),
    queue: route<{ query: ModerationQuery; response: Page<ModerationReport> }>()({ method: 'GET', path: '/api/moderation/reports' }),
    act: route<{ body: ModerationActionBody; response: { success: true; report: ModerationReport } }>()({ method: 'POST', path: '/api/moderation/reports/:id/actions' }),
  },
  notifications: {
    /** Single alerts, or with `grouped=1` groups of them (AlertGroup). */
    alerts: route<{ query: AlertsQuery; response: Page<UserAlert> | Page<AlertGroup> }>()({ method: 'GET', path: '/api/notifications/user/:userId' }),
    settings: route<{ response: NotificationSettings }>()({ method: 'GET', path: '/api/notifications/settings' }),
    saveSettings: route<{ body: NotificationSettingsBody; response: NotificationSettings }>()({ method: 'PUT', path: '/api/notifications/settings' }),
    notices: route<{ query: PageQuery; response: Page<SystemNotice> }>()({ method: 'GET', path: '/api/notifications/posts' }),
    /** 201 for a new notice, 200 for an edit; multipart only with a file. */
    saveNotice: route<{ body: NoticeBody | Multipart<NoticeFields, 'file' | 'poster'>; response: NoticeResult }>()({ method: 'POST', path: '/api/notifications/posts' }),
    deleteNotice: route<{ response: Done }>()({ method: 'DELETE', path: '/api/notifications/posts/:id' }),
    searchNotices: route<{ query: TextPageQuery; response: Page<SystemNotice> }>()({ method: 'GET', path: '/api/search/notifications' }),
    status: route<{ response: NotificationStatus }>()({ method: 'GET', path: '/api/notifications/status' }),
    markSeen: route<{ body: NotificationSeenBody; response: NotificationSeenResult }>()({ method: 'POST', path: '/api/notifications/seen' }),
  },
  billing: {
    subscribe: route<{ body: SubscribeBody; response: SubscribeResult }>()({ method: 'POST', path: '/api/subscriptions' }),
    /** PayPal's caller: the event as PayPal signed it. */
    webhook: route<{ body: unknown; response: WebhookResult }>()({ method: 'POST', path: '/api/webhooks/paypal' }),
    /** 404 when the member has none. */
    subscription: route<{ response: Subscription | null }>()({ method: 'GET', path: '/api/get-subscription/:userId' }),
  },
  boosts: {
    quota: route<{ response: BoostQuota }>()({ method: 'GET', path: '/api/boost/quota/:userId' }),
    /** 409 already requested, 429 limit reached. */
    request: route<{ body: BoostRequestBody; response: { message: string } }>()({ method: 'POST', path: '/api/boost/request' }),
    /** 202 with the job to poll when the rotation outlasts the wait. */
    rotate: route<{ response: BoostRotateResult | AdminJobPending }>()({ method: 'PATCH', path: '/api/boost/rotate' }),
    adminBoost: route<{ response: Done }>()({ method: 'POST', path: '/api/posts/:id/boost' }),
  },
  /** The job tools answer 202 with AdminJobPending when the job outlasts the wait; poll `jobStatus`. */
  admin: {
    resetPassword: route<{ body: ResetPasswordBody; response: AdminResetPasswordResult }>()({ method: 'POST', path: '/api/admin/reset-password' }),
    backup: route<{ response: AdminBackupResult | AdminJobPending }>()({ method: 'GET', path: '/api/admin/backup' }),
    restore: route<{ response: AdminBackupResult | AdminJobPending }>()({ method: 'GET', path: '/api/admin/restore' }),
    appBackup: route<{ response: AdminAppBackupResult | AdminJobPending }>()({ method: 'GET', path: '/api/admin/app-backup' }),
    syncFollowTables: route<{ response: AdminSyncResult | AdminJobPending }>()({ method: 'POST', path: '/api/admin/sync-follow-tables' }),
    orphans: route<{ response: AdminOrphansResult | AdminJobPending }>()({ method: 'GET', path: '/api/admin/orphaned-uploads' }),
    deleteOrphans: route<{ body: OrphanDeleteBody; response: AdminOrphansDeleteResult | AdminJobPending }>()({
      method: 'POST',
      path: '/api/admin/orphaned-uploads/delete',
    }),
    userLookup: route<{ response: AdminUserLookup }>()({ method: 'GET', path: '/api/admin/user/:username' }),
    /** `result` is the job's own return value, whose type only the caller knows. */
    jobStatus: route<{ response: AdminJobStatus }>()({ method: 'GET', path: '/api/admin/jobs/:queue/:jobId' }),
    jobCounts: route<{ response: AdminJobCounts }>()({ method: 'GET', path: '/api/admin/job-counts' }),
    users: route<{ query: TextPageQuery; response: Page<AdminUser> }>()({ method: 'GET', path: '/api/admin/users' }),
    setUserGroup: route<{ body: SetUserGroupBody; response: { success: true; user: AdminUser } }>()({ method: 'PATCH', path: '/api/admin/users/:id' }),
    audit: route<{ query: TextPageQuery; response: Page<AuditEntry> }>()({ method: 'GET', path: '/api/admin/audit' }),
  },
} as const;
