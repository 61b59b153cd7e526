/** Business constants and UI limits: the post limit before and without the group's, the counter's warning levels. */
export const LIMITS = {
  /** Post limit used when the group's limit cannot be loaded. */
  defaultPostLimit: 500,
  /** Post limit shown before the group has loaded. */
  initialPostLimit: 300,
  counterWarningAt: 30,
  counterDangerAt: 10,
  feedTruncate: 300,
  publicProfileTruncate: 200,
  replyQuoteTruncate: 200,
  originalInReplyTruncate: 300,
  adminBoostedSlots: 1,
  userBoostedSlots: 3,
  boostDurationHours: 24,
  notificationPollMs: 5000,
  /** How long work that nothing on screen waits for (the socket, refreshing the stored plan limits) holds back at start-up, then waits for an idle moment: the first screen goes first. */
  afterFirstScreenMs: 2000,
  homeSearchDebounceMs: 200,
  gifSearchDebounceMs: 500,
  gifPageSizeComposer: 10,
  gifRatingComposer: 'pg-13',
  gifPageSizeHome: 20,
  gifRatingHome: 'g',
  gifGridColumns: 3,
  gifGridWidthPx: 400,
  gifGridGutterPx: 6,
  composerMaxWidthPx: 600,
  gifCacheSeconds: 60,
  gifErrorCacheSeconds: 6,
  pingbackDebounceMs: 1000,
  /** Most GIF events in one pingback batch (the client sends a full batch at once). */
  gifPingbackBatchMax: 50,
  infiniteScrollThresholdPx: 250,
  infiniteScrollStartPage: 0,
  videoControlsHideMs: 4000,
  videoDefaultVolume: 0.7,
  donationDelayMs: 2500,
  donationCloseAfterToastMs: 3000,
  chunkLoadTimeoutMs: 120000,
  footerYear: 2025,
  version: '1.01',
  annualMonthsCharged: 11,
} as const;

/** A thread shows at most this many ancestors above its post (the nearest ones). */
export const THREAD = { ancestorsMax: 50 } as const;

/** Paging of every list: keyset paging with `?limit=&cursor=`. */
export const PAGING = { defaultLimit: 20, maxLimit: 100 } as const;

/** Account field rules: username, password, name and email bounds. */
export const ACCOUNT_RULES = {
  usernameMin: 3,
  usernameMax: 30,
  usernamePattern: /^[A-Za-z0-9_]{3,30}$/,
  passwordMin: 8,
  passwordMax: 256,
  emailMax: 254,
  nameMax: 80,
  bioMax: 300,
  phoneMax: 32,
  locationMax: 80,
  websiteMax: 200,
} as const;

export const PRODUCT = {
  name: 'Cloud 9 Social',
  footer: '© 2025 Cloud 9 Social · Social V1.01 All rights reserved.',
  /** SUPPORT_EMAIL's default, and the client's until GET /api/config answers. */
  defaultSupportEmail: 'support@cloud9.social',
  /** PayPal's page where members manage automatic payments. */
  paypalManageUrl: 'https://www.paypal.com/myaccount/autopay/',
} as const;

/**
 * A video's poster frame: drawn by the browser when the video is posted and sent as the multipart
 * part `part` beside it; the server refuses a larger one and stores it within `maxSide`.
 */
export const VIDEO_POSTER = {
  part: 'poster',
  maxBytes: 2 * 1024 * 1024,
  maxSide: 1280,
} as const;

/**
 * The largest uploaded image, in pixels, of any format (GIF included): a side, one frame, and all the
 * frames of an animation together (each counted at its full canvas, as a viewer draws it). A file a few
 * kB long can declare far more, and it is its pixels that cost memory and time to decode.
 */
export const IMAGE_PIXELS = {
  maxSide: 4096,
  maxFrame: 16_000_000,
  maxAnimation: 64_000_000,
} as const;

/**
 * The description (alt text) of a post's uploaded image or video: at most `maxLength` characters
 * (code points) once normalised (see normalizeAltText); sent as the field or multipart part `field`.
 */
export const ALT_TEXT = {
  field: 'alt',
  maxLength: 1500,
} as const;
