import { useCallback, useRef } from 'react';
import { MESSAGES } from '@cloud9/contracts';
import { confirmAction } from '../confirm';

/**
 * Before a composer holding something is closed or cleared: asks whether to discard it, and on yes
 * runs `discard`. Resolves whether the caller may go ahead. While the question is open, further
 * requests (a second Escape, a click on the backdrop) answer no instead of asking twice.
 */
export function useConfirmDiscard(holdsContent: boolean, discard: () => void, message: string = MESSAGES.post.confirmDiscard) {
  const asking = useRef(false);
  return useCallback(async (): Promise<boolean> => {
    if (!holdsContent) return true;
    if (asking.current) return false;
    asking.current = true;
    try {
      const confirmed = await confirmAction({ message, confirmLabel: 'Discard', cancelLabel: 'Keep editing' });
      if (confirmed) discard();
      return confirmed;
    } finally {
      asking.current = false;
    }
  }, [holdsContent, discard, message]);
}
