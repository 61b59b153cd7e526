import { MESSAGES } from '@cloud9/contracts';
import { confirmAction } from '../../components/confirm';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { failureMessage } from './adminErrors';
import { askId } from './adminPrompts';
import { useDeleteUser } from './queries';
import { ADMIN_TEXT } from './adminText';
import { ToolCard } from './ToolCard';
import { useAdminTool } from './useAdminTool';

const failed = (error?: string) => MESSAGES.admin.failedPrefix(error || 'Unknown error');

/** A prompt for the id, then a confirmation that says the deletion is permanent. */
export function DeleteUserTool() {
  const tool = useAdminTool();
  const me = useSessionStore(selectCurrentUser);
  const { mutateAsync: sendDelete } = useDeleteUser();

  const start = async () => {
    if (tool.job.running) return;
    const id = await askId(ADMIN_TEXT.deleteUserPrompt);
    if (id === null) return;
    if (id === 'invalid') {
      tool.alert({ tone: 'error', message: ADMIN_TEXT.invalidId });
      return;
    }
    if (id === me?.id) {
      tool.alert({ tone: 'error', message: ADMIN_TEXT.deleteSelf });
      return;
    }
    if (!(await confirmAction({ message: ADMIN_TEXT.deleteUserConfirm(id), confirmLabel: 'Delete user' }))) return;
    try {
      const result = await tool.run(`Deleting user ${id}...`, () => sendDelete(id));
      if (result?.success !== true) {
        tool.fail(result, failed(result?.error));
        return;
      }
      tool.alert({ tone: 'success', message: ADMIN_TEXT.userDeleted(id) });
    } catch (err) {
      tool.fail(err, failureMessage(err, MESSAGES.admin.couldNotContactDelete, failed));
    }
  };

  return (
    <ToolCard
      title="Delete a user"
      description="Permanently remove an account and everything it posted, by its id."
      tool={tool}
      actions={
        <button type="button" className="btn btn-danger" aria-disabled={tool.job.running} onClick={start}>
          Delete a user by id
        </button>
      }
    />
  );
}
