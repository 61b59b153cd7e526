import { MESSAGES } from '@cloud9/contracts';
import { ApiRequestError } from '../../api/client';

/**
 * What a failed profile save says. The request never got an answer (offline, server unreachable):
 * 'Profile update failed. Please try again.'. The server refused the change for a reason it names
 * (a taken email, a wrong current password): that reason. The server failed (5xx) or gave no reason:
 * 'Failed to update profile.'.
 */
export function profileSaveError(err: unknown): string {
  if (err instanceof ApiRequestError && err.status === 0) return MESSAGES.profile.updateFailed;
  if (err instanceof ApiRequestError && err.status >= 400 && err.status < 500 && err.message) return err.message;
  return MESSAGES.profile.failedToUpdate;
}
