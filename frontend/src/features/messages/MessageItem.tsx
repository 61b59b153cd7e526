import { Suspense, useState } from 'react';
import { DM_MESSAGES as M, DM_REACTIONS, DM_RULES, resolveImageUrl, type DmMessage, type DmReaction } from '@cloud9/contracts';
import { errorMessage } from '../../api/client';
import { API_BASE } from '../../api/early';
import { confirmAction } from '../../components/confirm';
import { notify } from '../../components/notify';
import { PostTime } from '../../components/post/PostTime';
import { LazyReportDialog } from '../../components/safety/lazyReportDialog';
import { ActionMenu, type MenuEntry } from '../../components/ui/ActionMenu';
import { VideoPlayer } from '../../components/ui/VideoPlayer';
import { useDeleteMessage, useReact } from './queries';

interface MessageItemProps {
  message: DmMessage;
  conversationId: number;
  own: boolean;
  senderName: string;
  /** Shown before the text in a group (who said it). */
  showSender: boolean;
  seen: boolean;
}

/** The photo, video, audio or GIF a message carries. */
function MessageMedia({ message, senderName }: { message: DmMessage; senderName: string }) {
  if (message.gif) return <img className="dm-media" src={message.gif} alt={M.gifFrom(senderName)} loading="lazy" />;
  const media = message.media;
  if (!media) return null;
  const src = resolveImageUrl(media.url, API_BASE, '');
  if (media.mime.startsWith('video/')) return <VideoPlayer src={src} className="dm-media" aria-label={M.videoFrom(senderName)} />;
  if (media.mime.startsWith('audio/')) return <audio className="dm-media-audio" src={src} controls aria-label={M.audioFrom(senderName)} />;
  return <img className="dm-media" src={src} alt={M.photoFrom(senderName)} loading="lazy" />;
}

/**
 * One message: own ones on the right. A message deleted for everyone is a mark. Its reactions show
 * under it (a press on one's own takes it back); React offers the quick reactions; the menu deletes
 * (for oneself, or for everyone: one's own, within DM_RULES.unsendWindowMs) or reports it.
 */
export function MessageItem({ message, conversationId, own, senderName, showSender, seen }: MessageItemProps) {
  const react = useReact(conversationId);
  const remove = useDeleteMessage(conversationId);
  const [reporting, setReporting] = useState(false);
  const failed = (err: unknown) => notify(errorMessage(err, M.actionFailed), 'error');

  const toggle = (emoji: DmReaction, on: boolean) => react.mutate({ messageId: message.id, emoji, on }, { onError: failed });

  const entries = (): MenuEntry[] => {
    const list: MenuEntry[] = [{ label: M.deleteForMe, onSelect: () => remove.mutate({ messageId: message.id, forWhom: 'me' }, { onError: failed }) }];
    if (own && Date.now() - Date.parse(message.createdAt) < DM_RULES.unsendWindowMs) {
      list.push({
        label: M.deleteForEveryone,
        danger: true,
        onSelect: () =>
          void confirmAction({ message: M.confirmDeleteForEveryone, confirmLabel: M.deleteForEveryone, cancelLabel: M.cancel }).then(
            (yes) => yes && remove.mutate({ messageId: message.id, forWhom: 'everyone' }, { onError: failed }),
          ),
      });
    }
    if (!own) list.push({ label: M.report, onSelect: () => setReporting(true) });
    return list;
  };

  return (
    <div className={`dm-message${own ? ' dm-message-own' : ''}`} data-testid="dm-message" data-message-id={message.id}>
      <div className="dm-bubble-row">
        <div className={`dm-bubble${message.deleted ? ' dm-bubble-deleted' : ''}`}>
          {showSender && !own && <span className="dm-sender">{M.fromSender(senderName)}</span>}
          {message.deleted ? (
            <p className="dm-text dm-deleted">{M.deletedMessage}</p>
          ) : (
            <>
              <MessageMedia message={message} senderName={senderName} />
              {message.text && <p className="dm-text">{message.text}</p>}
            </>
          )}
          <span className="dm-time"><PostTime iso={message.createdAt} /></span>
        </div>
        {!message.deleted && (
          <div className="dm-message-tools">
            <ActionMenu
              label={M.react}
              className="dm-react-menu"
              trigger={<span aria-hidden="true">☺</span>}
              entries={() =>
                DM_REACTIONS.map((emoji) => {
                  const mine = message.reactions.some((r) => r.emoji === emoji && r.mine);
                  return { label: mine ? `${emoji} ✓` : emoji, onSelect: () => toggle(emoji, !mine) };
                })
              }
            />
            <ActionMenu label={M.messageOptions} className="dm-message-menu" entries={entries} />
          </div>
        )}
      </div>
      {message.reactions.length > 0 && (
        <ul className="dm-reactions" aria-label={M.react}>
          {message.reactions.map((r) => (
            <li key={r.emoji}>
              <button
                type="button"
                className={`dm-reaction${r.mine ? ' dm-reaction-mine' : ''}`}
                aria-pressed={r.mine}
                aria-label={M.reactionLabel(r.emoji, r.count, r.mine)}
                onClick={() => (DM_REACTIONS as readonly string[]).includes(r.emoji) && toggle(r.emoji as DmReaction, !r.mine)}
              >
                {r.emoji} {r.count}
              </button>
            </li>
          ))}
        </ul>
      )}
      {seen && <p className="dm-seen">{M.seen}</p>}
      {reporting && (
        <Suspense fallback={null}>
          <LazyReportDialog target={{ type: 'message', id: message.id }} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </div>
  );
}
