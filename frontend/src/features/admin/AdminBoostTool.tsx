import { MESSAGES } from '@cloud9/contracts';
import { adminBoostPost } from './adminApi';
import { failureMessage } from './adminErrors';
import { askId } from './adminPrompts';
import { ADMIN_TEXT } from './adminText';
import { ToolCard } from './ToolCard';
import { useAdminTool } from './useAdminTool';

const failed = (error?: string) => MESSAGES.admin.failedPrefix(error || 'Unknown error');

/** Asks for a post id and makes that post the one admin-boosted post at the top of the feed. */
export function AdminBoostTool() {
  const tool = useAdminTool();

  const start = async () => {
    if (tool.job.running) return;
    const id = await askId(ADMIN_TEXT.boostPrompt);
    if (id === null) return;
    if (id === 'invalid') {
      tool.alert({ tone: 'error', message: ADMIN_TEXT.invalidId });
      return;
    }
    try {
      const result = await tool.run(`Boosting post ${id}...`, (signal) => adminBoostPost(id, signal));
      if (result?.success !== true) {
        tool.fail(result, failed(result?.error));
        return;
      }
      tool.alert({ tone: 'success', message: ADMIN_TEXT.postBoosted(id) });
    } catch (err) {
      tool.fail(err, failureMessage(err, MESSAGES.admin.couldNotContactBoost, failed));
    }
  };

  return (
    <ToolCard
      title="Admin boost a post"
      description="Pin one post above every other boost, by its id."
      tool={tool}
      actions={
        <button type="button" className="btn btn-gold" aria-disabled={tool.job.running} onClick={start}>
          Boost a post by id
        </button>
      }
    />
  );
}
