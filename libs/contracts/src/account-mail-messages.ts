import { ACCOUNT_MAIL_SIGN_IN } from './account-mail-paths';

/**
 * The catalogue's messages of the account's mail (MESSAGES.accountMail): verifying the e-mail
 * address, changing it, and resetting a forgotten password (issue 30). The login page's two links
 * come from account-mail-paths.ts, which the sign-in page's first load carries without these.
 */
export const ACCOUNT_MAIL_MESSAGES = {
  ...ACCOUNT_MAIL_SIGN_IN,
  /** POST /api/email/verify answered 200. */
  verified: 'Your email address is verified. Thank you!',
  /** The address changed by following the link (an e-mail change). */
  emailChanged: 'Your new email address is verified and now in use.',
  verifying: 'Verifying your email address…',
  /** A token that was never issued, or is malformed. */
  verifyLinkInvalid: 'This verification link is not valid. Ask for a new one from Settings.',
  verifyLinkExpired: 'This verification link has expired. Ask for a new one from Settings.',
  verifyLinkUsed: 'This verification link has already been used.',
  /** The pending address was taken by another account before its link was followed. */
  verifyAddressTaken: 'Another account now uses this email address, so it cannot be verified for yours.',
  /** POST /api/me/email/resend answered 202. */
  verificationSent: 'We have sent you a new verification link. It works for 24 hours.',
  alreadyVerified: 'Your email address is already verified.',
  tooManyResends: 'You have asked for several verification links in the last hour. Please check your inbox (and spam folder) or try again later.',
  /** The calm banner until the address is verified. */
  unverifiedBanner: (email: string) => `Please verify your email address: we sent a link to ${email}.`,
  unverifiedBannerAction: 'Send the link again',
  /** EMAIL_VERIFICATION=required: what is held back until the address is verified. */
  verificationRequired: 'Please verify your email address first: follow the link we sent you, or ask for a new one from Settings.',
  /** An e-mail change waits for its link. */
  emailChangePending: (email: string) => `We have sent a link to ${email}. Your address changes once you follow it; until then we keep using your current one.`,
  currentPasswordForEmail: 'Enter your current password to change your email address.',
  /** POST /api/password/forgot: always the same answer, whether or not the account exists. */
  resetSent: 'If an account matches, we have sent it a link to choose a new password. The link works for one hour.',
  loginRequired: 'Enter your username or email.',
  tooManyResets: 'Too many password reset requests. Please try again later.',
  resetLinkInvalid: 'This password reset link is not valid. Ask for a new one.',
  resetLinkExpired: 'This password reset link has expired. Ask for a new one.',
  resetLinkUsed: 'This password reset link has already been used, or a newer one was sent. Ask for a new one if you need it.',
  /** POST /api/password/reset answered 200. */
  passwordReset: 'Your password has been changed. You have been signed out everywhere: please log in with your new password.',
  tokenMissing: 'This link is incomplete. Please open the whole link from the email.',
  forgotTitle: 'Reset your password',
  forgotIntro: 'Enter your username or email and we will send you a link to choose a new password.',
  resetTitle: 'Choose a new password',
} as const;
