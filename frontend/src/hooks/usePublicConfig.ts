import { useEffect, useState } from 'react';
import type { PublicConfig } from '@cloud9/contracts';
import { fetchPublicConfig } from '../api/config';
import { FALLBACK_SUPPORT_EMAIL } from '../lib/support';

const FALLBACK: PublicConfig = { supportEmail: FALLBACK_SUPPORT_EMAIL, donateUrl: null, paypalClientId: null, gifsEnabled: false };

/** Public config with safe defaults, so links work before (or without) the server answering. */
export function usePublicConfig(): PublicConfig {
  const [config, setConfig] = useState<PublicConfig>(FALLBACK);
  useEffect(() => {
    let alive = true;
    fetchPublicConfig()
      .then((c) => {
        if (alive) setConfig({ ...FALLBACK, ...c, supportEmail: c.supportEmail || FALLBACK_SUPPORT_EMAIL });
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return config;
}
