import { MESSAGES, type AccountSession } from '@cloud9/contracts';
import { errorMessage } from '../../api/client';
import { confirmAction } from '../../components/confirm';
import { notify } from '../../components/notify';
import { Spinner } from '../../components/ui/Spinner';
import { useAccountSessions, useEndSessions } from './queries';

const T = MESSAGES.accountData;

function SessionRow({ session, onEnd, busy }: { session: AccountSession; onEnd: () => void; busy: boolean }) {
  return (
    <li className="settings-row settings-session">
      <span className="settings-row-who">
        <span className="settings-row-name">
          {session.device}
          {session.current && <span className="settings-session-current"> · {T.thisDevice}</span>}
        </span>
        <span className="settings-row-handle">
          {T.lastSeenAt(session.lastSeenAt)}
          {session.place && ` · ${T.near(session.place)}`}
        </span>
        <span className="settings-row-handle">{T.signedInAt(session.createdAt)}</span>
      </span>
      {!session.current && (
        <button type="button" className="btn btn-ghost settings-row-action" aria-label={T.endSessionLabel(session.device)} onClick={onEnd} disabled={busy}>
          {T.endSession}
        </button>
      )}
    </li>
  );
}

/** Where the account is signed in: each device, and signing one (or every other) out. */
export function SessionsSection() {
  const sessions = useAccountSessions();
  const end = useEndSessions();

  const endOne = (session: AccountSession) =>
    end.mutate(session.id, {
      onSuccess: () => notify(T.sessionEnded),
      onError: (error) => notify(errorMessage(error, T.sessionNotFound), 'error'),
    });
  const endOthers = async () => {
    if (!(await confirmAction({ message: T.confirmEndOtherSessions, confirmLabel: T.endOtherSessions }))) return;
    end.mutate(undefined, {
      onSuccess: (result) => notify(result.ended ? T.otherSessionsEnded(result.ended) : T.noOtherSessions),
      onError: (error) => notify(errorMessage(error, T.sessionsLoadFailed), 'error'),
    });
  };

  if (sessions.isPending) return <Spinner />;
  if (sessions.isError) return <p role="alert">{T.sessionsLoadFailed}</p>;
  const items = sessions.data?.items ?? [];
  const others = items.filter((s) => !s.current).length;
  return (
    <>
      <p className="hint">{T.sessionsIntro}</p>
      <ul className="settings-rows settings-sessions" aria-label={T.sessionsTitle}>
        {items.map((session) => (
          <SessionRow key={session.id} session={session} busy={end.isPending} onEnd={() => endOne(session)} />
        ))}
      </ul>
      {others > 0 && (
        <div className="settings-actions">
          <button type="button" className="btn btn-ghost" onClick={() => void endOthers()} disabled={end.isPending}>
            {T.endOtherSessions}
          </button>
        </div>
      )}
    </>
  );
}
