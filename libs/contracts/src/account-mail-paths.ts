/**
 * What the sign-in page's first load needs of the account's mail (decision 0092): the paths of the
 * app that the mails' links open (PUBLIC_URL + path + `?token=`) and the forgot form, and the login
 * page's two links. Kept apart from the rest of its words (account-mail-messages.ts) to keep /login small.
 */
export const ACCOUNT_MAIL_PATHS = { verifyEmail: '/verify-email', resetPassword: '/reset-password', forgotPassword: '/forgot-password' } as const;

/** The login page's links (also in MESSAGES.accountMail). */
export const ACCOUNT_MAIL_SIGN_IN = {
  forgotLink: 'Forgot password?',
  askSupport: 'Still stuck? Contact support',
} as const;
