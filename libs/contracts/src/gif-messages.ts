/**
 * The GIF API's request errors. Kept apart from MESSAGES, which every page loads: only the server
 * uses them (the pickers never send such requests).
 */
export const GIF_MESSAGES = {
  invalidGifId: 'gif_id must be a GIF id of 1 to 50 letters and digits.',
  invalidTag: 'tag must be at most 50 characters.',
  invalidPingbackId: 'pingback_id must be 1 to 32 letters and digits.',
  invalidPingback: "Send 1 to 50 GIF events, each with action_type SEEN, CLICK or SENT, the GIF's analytics_response_payload, ts and user_id.",
  /** 429 of RATE_LIMIT_GIF_PINGBACKS. */
  tooManyEvents: 'Too many GIF events. Please wait a minute and try again.',
} as const;
