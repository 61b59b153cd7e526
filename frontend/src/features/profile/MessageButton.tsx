import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { DM_MESSAGES as M } from '@cloud9/contracts';
import { errorMessage } from '../../api/client';
import { startConversation } from '../../api/directMessages';
import { notify } from '../../components/notify';
import { dmKeys } from '../../queries/directMessages';

/** "Message" on another member's profile: starts (or finds) the conversation with them and opens it. */
export function MessageButton({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: () => startConversation([userId]),
    onSuccess: ({ id }) => {
      void queryClient.invalidateQueries({ queryKey: dmKeys.lists() });
      void navigate(`/messages/${id}`);
    },
    onError: (err) => notify(errorMessage(err, M.actionFailed), 'error'),
  });
  return (
    <button type="button" className="btn btn-ghost profile-edit profile-message" disabled={start.isPending} onClick={() => start.mutate()}>
      {M.message}
    </button>
  );
}
