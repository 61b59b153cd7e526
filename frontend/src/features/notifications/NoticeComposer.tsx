import { useId, useState, type FormEvent } from 'react';
import { MESSAGES, type SystemNotice } from '@cloud9/contracts';
import { ApiRequestError } from '../../api/client';
import { notify } from '../../components/notify';
import { FileChooser } from '../../components/ui/FileChooser';
import { useSaveNotice } from './queries';

interface NoticeComposerProps {
  /** The notice being edited; the button then reads Save and Cancel appears. */
  editing: SystemNotice | null;
  /** The notice is saved and in the cached lists. */
  onSaved: () => void;
  onCancel: () => void;
}

function failureMessage(err: unknown, isEdit: boolean): string {
  if (err instanceof ApiRequestError && err.status === 401) return MESSAGES.notices.unauthorized;
  if (err instanceof ApiRequestError && err.status === 403) return MESSAGES.notices.permissionDenied;
  return isEdit ? MESSAGES.notices.couldNotUpdate : MESSAGES.notices.postFailed;
}

/**
 * The staff composer (groups 1–4): text, optional media, Post. Re-mount it (a `key`) to load
 * another notice for editing.
 */
export function NoticeComposer({ editing, onSaved, onCancel }: NoticeComposerProps) {
  const [text, setText] = useState(editing?.content ?? '');
  const [file, setFile] = useState<File | null>(null);
  const save = useSaveNotice();
  const busy = save.isPending;
  const textId = useId();
  const isEdit = editing !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const message = text.trim();
    if (isEdit && !message) return notify(MESSAGES.notices.editEmpty, 'error');
    if (!isEdit && !message && !file) return notify(MESSAGES.notices.contentOrMedia, 'error');
    try {
      await save.mutateAsync({ id: editing?.id, message, file });
      setText('');
      setFile(null);
      onSaved();
    } catch (err) {
      console.error(isEdit ? 'Updating the notice failed' : 'Posting the notice failed', err);
      notify(failureMessage(err, isEdit), 'error');
    }
  };

  return (
    <form className="notice-composer card" aria-label={isEdit ? 'Notice editor' : 'Notice composer'} onSubmit={submit}>
      <div className="field">
        <label htmlFor={textId}>System notice</label>
        <textarea id={textId} rows={3} value={text} onChange={(e) => setText(e.target.value)} autoFocus={isEdit} />
      </div>
      <div className="notice-composer-row">
        <div className="notice-composer-file">
          <FileChooser label="Attach media" accept="image/*,video/*,audio/*" file={file} onChange={setFile} preview />
        </div>
        <div className="notice-composer-actions">
          {isEdit && (
            <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
              Cancel
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {isEdit ? 'Save' : 'Post'}
          </button>
        </div>
      </div>
    </form>
  );
}
