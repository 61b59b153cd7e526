import { useId, useMemo } from 'react';
import { MESSAGES, parseRichText, type SystemNotice } from '@cloud9/contracts';
import { Avatar } from '../../components/ui/Avatar';
import { PostTime } from '../../components/post/PostTime';
import { RichText } from '../../components/post/RichText';
import { NoticeMedia } from './NoticeMedia';

interface NoticeCardProps {
  notice: SystemNotice;
  /** Edit and Delete are shown only when the viewer may manage this notice (contracts canManageNotice). */
  canManage: boolean;
  deleting: boolean;
  onEdit: (notice: SystemNotice) => void;
  onDelete: (notice: SystemNotice) => void;
}

const wasEdited = (n: SystemNotice) => !!n.updatedAt && Date.parse(n.updatedAt) - Date.parse(n.createdAt) > 1000;

/** A staff notice: author picture and name, text, media, age, and Edit/Delete for who may. */
export function NoticeCard({ notice, canManage, deleting, onEdit, onDelete }: NoticeCardProps) {
  const textId = useId();
  const author = notice.postUser?.name || notice.username;
  // Links and tags; a notice carries no list of existing accounts, so its @names stay plain text.
  const segments = useMemo(() => parseRichText(notice.content), [notice.content]);
  return (
    <article className="notice-card" aria-labelledby={textId}>
      <Avatar path={notice.postUser?.thumbnail} size={44} />
      <div className="notice-card-main">
        <p className="notice-card-head">
          <span className="notice-card-author">{author}</span>
          <span className="notice-card-handle">@{notice.username}</span>
          <span aria-hidden="true">·</span>
          <PostTime iso={notice.createdAt} />
          {wasEdited(notice) && <span className="notice-card-edited">({MESSAGES.post.edited})</span>}
        </p>
        <p className="notice-card-text" id={textId}>
          <RichText segments={segments} />
        </p>
        {notice.media_url && <NoticeMedia url={notice.media_url} mime={notice.media_mime} media={notice.media} alt={notice.content ? `Attached to: ${notice.content.slice(0, 80)}` : 'Notice media'} />}
        {canManage && (
          <p className="notice-card-actions">
            <button type="button" className="btn btn-ghost" aria-describedby={textId} onClick={() => onEdit(notice)} disabled={deleting}>
              Edit
            </button>
            <button type="button" className="btn btn-danger" aria-describedby={textId} onClick={() => onDelete(notice)} disabled={deleting}>
              {deleting ? 'Deleting...' : 'Delete'}
            </button>
          </p>
        )}
      </div>
    </article>
  );
}
