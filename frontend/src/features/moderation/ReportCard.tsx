import { useState } from 'react';
import {
  canModerateAccount,
  canSuspendForGood,
  MODERATION_QUEUE_TEXT as T,
  type ModerationAction,
  type ModerationActionBody,
  type ModerationReport,
} from '@cloud9/contracts';
import { confirmAction } from '../../components/confirm';
import { promptText } from '../../components/prompt';
import { PostTime } from '../../components/post/PostTime';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { useModerationAction } from './queries';
import { AccountLine, ReportedMessagesView, ReportedPostView } from './ReportedContent';
import { SuspendDialog, type SuspendChoice } from './SuspendDialog';

/**
 * One report: the reported post (or account), who reported it and why, and, while it is open and the
 * viewer may act on the account, the actions. Each asks first in the app's own dialogs.
 */
export function ReportCard({ report }: { report: ModerationReport }) {
  const user = useSessionStore(selectCurrentUser);
  const act = useModerationAction();
  const [suspending, setSuspending] = useState(false);
  const { target } = report;
  const account = target.user;
  const titleId = `report-${report.id}-title`;
  const mayAct = report.status === 'open' && canModerateAccount(user, account);

  const run = (body: ModerationActionBody) => act.mutate({ report, body });

  const ask = async (action: ModerationAction) => {
    if (action === 'dismiss' && (await confirmAction({ message: T.confirmDismiss, confirmLabel: T.actions.dismiss }))) run({ action });
    if (action === 'delete-post' && (await confirmAction({ message: T.confirmDelete, confirmLabel: T.actions['delete-post'] }))) run({ action });
    if (action === 'unsuspend' && (await confirmAction({ message: T.confirmUnsuspend(account.username), confirmLabel: T.actions.unsuspend }))) run({ action });
    if (action === 'warn') {
      const text = (await promptText({ message: T.warnPrompt(account.username), confirmLabel: T.sendWarning }))?.trim();
      if (text) run({ action, text });
    }
    if (action === 'suspend') setSuspending(true);
  };

  const suspended = (choice: SuspendChoice | null) => {
    setSuspending(false);
    if (choice) run({ action: 'suspend', ...choice });
  };

  const actions: ModerationAction[] = ['dismiss'];
  if (target.type === 'post' && target.post) actions.push('delete-post');
  actions.push('warn', account.suspendedUntil ? 'unsuspend' : 'suspend');

  return (
    <article className="card mod-report" aria-labelledby={titleId}>
      <header className="mod-report-head">
        <h2 id={titleId} className="mod-report-title">
          <span className={`badge mod-reason mod-reason-${report.reason}`}>{T.reasons[report.reason]}</span>{' '}
          {target.type === 'post' ? T.reportedPost : target.type === 'message' ? T.reportedMessage : T.reportedAccount}
        </h2>
        <PostTime iso={report.createdAt} />
      </header>
      <div className="mod-report-target">
        <AccountLine account={account} />
        {target.type === 'post' && (target.post ? <ReportedPostView post={target.post} /> : <p className="hint">{T.postGone}</p>)}
        {target.type === 'message' && target.messages && <ReportedMessagesView messages={target.messages} reportedId={target.messages.at(-1)?.id ?? 0} />}
      </div>
      {report.posts.length > 0 && (
        <details className="mod-other-posts">
          <summary>
            {T.otherPosts} ({report.posts.length})
          </summary>
          {report.posts.map((p) => (
            <ReportedPostView key={p.id} post={p} />
          ))}
        </details>
      )}
      <div className="mod-reporter">
        <span className="mod-label">{T.reportedBy}</span>
        <AccountLine account={report.reporter} />
        <blockquote className="mod-comment">{report.comment ?? <span className="hint">{T.noComment}</span>}</blockquote>
      </div>
      {report.resolution && (
        <p className="mod-resolution">
          {T.handled(T.actionNames[report.resolution.action], report.resolution.by)}
          {report.resolution.text && <>: “{report.resolution.text}”</>}
        </p>
      )}
      {report.status === 'open' &&
        (mayAct ? (
          <div className="mod-actions" role="group" aria-label={T.actionsLabel(account.username)}>
            {actions.map((action) => (
              <button
                key={action}
                type="button"
                className={`btn ${action === 'delete-post' || action === 'suspend' ? 'btn-danger' : action === 'dismiss' ? 'btn-ghost' : 'btn-primary'}`}
                disabled={act.isPending}
                onClick={() => void ask(action)}
              >
                {T.actions[action]}
              </button>
            ))}
          </div>
        ) : (
          <p className="hint">{T.cannotAct}</p>
        ))}
      {suspending && <SuspendDialog username={account.username} forGoodAllowed={canSuspendForGood(user)} onDone={suspended} />}
    </article>
  );
}
