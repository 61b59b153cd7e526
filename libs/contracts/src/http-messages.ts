import { APP_CLIENT_HEADER } from './app-client';
import { IMAGE_PIXELS } from './limits';

/** The catalogue's transport-level messages (MESSAGES.http), which the app's API client shows on every page. */
export const HTTP_MESSAGES = {
  badRequest: 'The request is not valid.',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  // Hostile input refused at the edge.
  invalidCharacters: 'The request contains characters that are not allowed.',
  bodyTooDeep: 'The request body is nested too deeply.',
  bodyMustBeObject: 'The request body must be a JSON object.',
  unsupportedBodyType: 'Send the request body as JSON, as a URL-encoded form or, for uploads, as multipart/form-data.',
  invalidMultipart: 'The upload is not a valid multipart form.',
  invalidId: 'The id must be a positive whole number.',
  notFound: 'Not found.',
  forbidden: 'You are not allowed to do that.',
  originRefused: 'Request origin is not allowed.',
  appClientRequired: `This tool runs only from the Cloud 9 app, or from a script that sends ${APP_CLIENT_HEADER.name}: ${APP_CLIENT_HEADER.value}.`,
  tooLarge: 'The file is larger than your plan allows.',
  unsupportedMedia: 'Only image, video or audio files are allowed.',
  unsupportedImage: 'Only JPEG, PNG, GIF or WebP images are allowed.',
  unreadableMedia: 'The file could not be read: it is damaged, incomplete or not what its type says.',
  imageTooManyPixels: `The image is too large: at most ${IMAGE_PIXELS.maxSide} pixels a side, ${IMAGE_PIXELS.maxFrame / 1e6} megapixels, and ${IMAGE_PIXELS.maxAnimation / 1e6} megapixels over all the frames of an animation.`,
  posterNeedsVideo: 'A poster frame can only be sent with a video.',
  posterInvalid: 'The poster frame must be a readable JPEG, PNG or WebP image of at most 2 MB.',
  internal: 'Something went wrong.',
  tooManyRequests: 'Too many requests. Please try again later.',
  serviceUnavailable: 'The service is temporarily unavailable.',
  // Issue 28: a query stopped at DATABASE_STATEMENT_TIMEOUT_MS (503), and a viewer's filtered reads over FILTERED_READS_PER_VIEWER (429).
  tooSlow: 'That took too long to answer. Please try again in a moment.',
  tooManyFilteredReads: 'Too many filtered pages are loading at once. Please try again in a moment.',
  pathTextTooLong: 'A name or search text in the address may have at most 100 characters.',
} as const;
