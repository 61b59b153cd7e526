import { useQuery } from '@tanstack/react-query';
import { fetchMe } from '../api/auth';

/** The key of the signed-in account's two-factor status (GET /api/me's `twoFactor`). */
export const twoFactorStatusKey = ['twoFactor', 'status'] as const;

/** Whether the signed-in account has two-factor on; undefined while loading (or while `enabled` is false: then nothing is asked). */
export function useTwoFactorOn(enabled = true): boolean | undefined {
  const { data } = useQuery({ queryKey: twoFactorStatusKey, queryFn: fetchMe, select: (me) => me.twoFactor.totp, enabled, meta: { failureMessage: 'Loading two-factor status failed' } });
  return data;
}
