import { useId, useState } from 'react';
import { MESSAGES, type Post } from '@cloud9/contracts';
import { ApiRequestError } from '../../api/client';
import { useBoostQuota, useRequestBoost } from '../../queries/boosts';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { notify } from '../notify';

/** Post boost: the button's states; 'idle' is also where any other failure lands. */
type BoostState = 'idle' | 'sending' | 'requested' | 'already' | 'limit';

const LABEL: Record<BoostState, string> = {
  idle: 'Boost',
  sending: 'Boosting…',
  requested: MESSAGES.boost.requested,
  already: MESSAGES.boost.alreadyRequested,
  limit: MESSAGES.boost.limitReached,
};

/** Boost on one's own post (groups 6–9), with this month's boosts left beside it. */
export function BoostButton({ post }: { post: Post }) {
  const user = useSessionStore(selectCurrentUser);
  const quota = useBoostQuota(user).data;
  const { mutateAsync: sendRequest } = useRequestBoost();
  const [state, setState] = useState<BoostState>('idle');
  const hintId = useId();
  // What the server knows survives a reload: this post's request still waiting, or no boosts left.
  // (An answer from a server older than the list reads as no request waiting.)
  const waiting = (quota?.requestedPostIds as number[] | undefined) ?? [];
  const serverState: BoostState = waiting.includes(post.id) ? 'requested' : quota && quota.remaining <= 0 ? 'limit' : 'idle';
  const shown = state === 'idle' ? serverState : state;

  const boost = async () => {
    if (!user) {
      notify(MESSAGES.boost.pleaseLogIn);
      return;
    }
    setState('sending');
    try {
      await sendRequest({ userId: user.id, postId: post.id });
      setState('requested');
    } catch (err) {
      const status = err instanceof ApiRequestError ? err.status : 0;
      if (status === 409) setState('already');
      else if (status === 429) setState('limit');
      else {
        setState('idle');
        notify(status === 0 ? MESSAGES.boost.networkError : (err as Error).message || MESSAGES.boost.requestFailed, 'error');
      }
    }
  };

  return (
    <span className="post-boost">
      <button
        type="button"
        className={`post-action post-action-boost${shown === 'idle' || shown === 'sending' ? '' : ' is-done'}`}
        onClick={boost}
        disabled={shown !== 'idle'}
        aria-describedby={quota ? hintId : undefined}
      >
        <span aria-hidden="true">🚀</span> {LABEL[shown]}
      </button>
      {quota && (
        <span id={hintId} className="post-boost-quota">
          {quota.remaining} of {quota.allowed} boosts left this month
        </span>
      )}
    </span>
  );
}
