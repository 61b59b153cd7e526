import { useId, useState, type FormEvent } from 'react';
import { FEED_CATEGORIES, MESSAGES, type FeedCategory } from '@cloud9/contracts';
import { errorMessage } from '../../api/client';
import { CharacterCounter } from '../../components/composer/CharacterCounter';
import { ComposerPickers } from '../../components/composer/ComposerPickers';
import { ComposerTools } from '../../components/composer/ComposerTools';
import { ComposerEditor } from '../../components/composer/ComposerEditor';
import { useComposerDraft } from '../../components/composer/useComposerDraft';
import { useConfirmDiscard } from '../../components/composer/useConfirmDiscard';
import { reportGifSentLater } from '../../components/gifs/reportGifSent';
import { notify } from '../../components/notify';
import { Avatar } from '../../components/ui/Avatar';
import { usePostLimit } from '../../stores/usePostLimit';
import { useCreatePost } from '../../queries/posts';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import '../../components/composer/composer.css';

interface HomeComposerProps {
  /** The feed chosen in the side panel, or General. */
  defaultCategory: FeedCategory;
}

/**
 * The inline composer of Home: text, counter, feed, photo/video, GIF, emoji, Cancel,
 * Post. The new post goes on top of the cached Home feeds (the one on screen shows it at once).
 * The draft is kept per user until posted or discarded; Cancel asks before discarding it.
 */
export function HomeComposer({ defaultCategory }: HomeComposerProps) {
  const user = useSessionStore(selectCurrentUser);
  const limit = usePostLimit();
  const draft = useComposerDraft(limit, 'home');
  const confirmDiscard = useConfirmDiscard(draft.hasContent, draft.reset);
  const [category, setCategory] = useState<FeedCategory>(defaultCategory);
  const create = useCreatePost();
  const busy = create.isPending;
  const feedId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!user?.username) {
      notify(MESSAGES.post.noUserInline);
      return;
    }
    if (!draft.hasContent) {
      notify(MESSAGES.post.contentRequired);
      return;
    }
    const content = draft.text.trim() ? draft.text : draft.file ? MESSAGES.post.mediaPlaceholder : MESSAGES.post.gifPlaceholder;
    try {
      await create.mutateAsync({ content, category, file: draft.file, alt: draft.alt, gif: draft.file ? null : draft.gif });
      if (!draft.file) reportGifSentLater(draft.gif);
      draft.reset();
    } catch (err) {
      console.error(errorMessage(err, MESSAGES.post.submitFailed), err);
      notify(MESSAGES.post.submitFailedAlert, 'error');
    }
  };

  return (
    <form className="composer" aria-label="Create a post" onSubmit={submit}>
      <Avatar path={user?.thumbnail} size={46} />
      <div className="composer-main">
        <ComposerEditor draft={draft} />
        <ComposerTools draft={draft}>
          <span className="composer-feed">
            <label htmlFor={feedId}>Feed</label>
            <select id={feedId} value={category} onChange={(e) => setCategory(e.target.value as FeedCategory)}>
              {FEED_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </span>
        </ComposerTools>
        <ComposerPickers draft={draft} />
        <div className="composer-footer">
          <CharacterCounter text={draft.text} limit={limit} />
          <button type="button" className="btn btn-ghost" onClick={() => void confirmDiscard().then((cleared) => cleared && draft.reset())} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Posting...' : 'Post'}
          </button>
        </div>
      </div>
    </form>
  );
}
