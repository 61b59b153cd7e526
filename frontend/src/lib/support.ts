/** Used until GET /api/config answers, or when it cannot (candidate for contracts). */
export const FALLBACK_SUPPORT_EMAIL = 'support@cloud9.social';

/** PayPal's page where members manage automatic payments. */
export const PAYPAL_MANAGE_URL = 'https://www.paypal.com/myaccount/autopay/';

export const mailto = (email: string, subject: string) => `mailto:${email}?subject=${encodeURIComponent(subject)}`;
