import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@cloud9/contracts';
import { fetchPublicConfig } from '../api/config';
import { FALLBACK_SUPPORT_EMAIL } from '../lib/support';

const FALLBACK: PublicConfig = { supportEmail: FALLBACK_SUPPORT_EMAIL, donateUrl: null, paypalClientId: null, paypalSdkUrl: 'https://www.paypal.com/sdk/js', gifsEnabled: false, emojiCdnUrl: '', staffTwoFactorRequired: false };

/** Public settings rarely change during a visit: asked once, then read from the cache. */
export const publicConfigQuery = queryOptions({ queryKey: ['config', 'public'] as const, queryFn: fetchPublicConfig, staleTime: Infinity });

export type LoadedPublicConfig = PublicConfig & { loaded: boolean };

/**
 * Public config with safe defaults, so links work before (or without) the server answering; `loaded`
 * once it has. No emoji CDN is assumed: emoji draw natively until the server names one.
 */
export function usePublicConfig(): LoadedPublicConfig {
  const { data, isPending } = useQuery(publicConfigQuery);
  if (!data) return { ...FALLBACK, loaded: !isPending };
  return { ...FALLBACK, ...data, supportEmail: data.supportEmail || FALLBACK_SUPPORT_EMAIL, loaded: true };
}
