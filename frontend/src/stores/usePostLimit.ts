import { useEffect } from 'react';
import { effectivePostLimit } from '@cloud9/contracts';
import { loadGroupLimits } from './sessionSync';
import { useSessionStore } from './session';

/**
 * The composer's character limit: 300 until the group's limits load, then the group's
 * postLimit, or 500 when they could not be fetched. Starts the load when nothing has yet.
 */
export function usePostLimit(): number {
  const postLimit = useSessionStore((s) => s.groupLimits?.postLimit);
  const status = useSessionStore((s) => s.limitsStatus);
  const groupId = useSessionStore((s) => s.currentUser?.group_id);

  useEffect(() => {
    if (status === 'pending' && groupId !== undefined) void loadGroupLimits(groupId);
  }, [status, groupId]);

  return effectivePostLimit(postLimit, status !== 'pending');
}
