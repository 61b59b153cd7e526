import { useEffect, useState } from 'react';
import type { PublicConfig } from '@cloud9/contracts';
import { fetchPublicConfig } from '../api/config';
import { FALLBACK_SUPPORT_EMAIL } from '../lib/support';

const FALLBACK: PublicConfig = { supportEmail: FALLBACK_SUPPORT_EMAIL, donateUrl: null, paypalClientId: null, paypalSdkUrl: 'https://www.paypal.com/sdk/js', gifsEnabled: false };

export type LoadedPublicConfig = PublicConfig & { loaded: boolean };

/** Public config with safe defaults, so links work before (or without) the server answering; `loaded` once it has. */
export function usePublicConfig(): LoadedPublicConfig {
  const [config, setConfig] = useState<LoadedPublicConfig>({ ...FALLBACK, loaded: false });
  useEffect(() => {
    let alive = true;
    fetchPublicConfig()
      .then((c) => {
        if (alive) setConfig({ ...FALLBACK, ...c, supportEmail: c.supportEmail || FALLBACK_SUPPORT_EMAIL, loaded: true });
      })
      .catch(() => {
        if (alive) setConfig((current) => ({ ...current, loaded: true }));
      });
    return () => {
      alive = false;
    };
  }, []);
  return config;
}
