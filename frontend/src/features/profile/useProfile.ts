import { useEffect, useState } from 'react';
import { MESSAGES, type UserProfile } from '@cloud9/contracts';
import { ApiRequestError } from '../../api/client';
import { fetchProfile } from '../../api/users';

export type ProfileState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; profile: UserProfile };

/** Loads a profile; bump `reloadKey` to fetch again (after an edit). */
export function useProfile(username: string, reloadKey: number): ProfileState {
  const [state, setState] = useState<ProfileState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => (s.status === 'ready' && s.profile.username.toLowerCase() === username.toLowerCase() ? s : { status: 'loading' }));
    fetchProfile(username, controller.signal)
      .then((profile) => setState({ status: 'ready', profile }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        const message = err instanceof ApiRequestError && err.status === 404 ? MESSAGES.profile.userNotFound : MESSAGES.profile.somethingWentWrong;
        setState({ status: 'error', message });
      });
    return () => controller.abort();
  }, [username, reloadKey]);

  return state;
}
