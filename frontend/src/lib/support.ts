import { PRODUCT } from '@cloud9/contracts';

/** Used until GET /api/config answers, or when it cannot. */
export const FALLBACK_SUPPORT_EMAIL = PRODUCT.defaultSupportEmail;

export const PAYPAL_MANAGE_URL = PRODUCT.paypalManageUrl;

export const mailto = (email: string, subject: string) => `mailto:${email}?subject=${encodeURIComponent(subject)}`;
