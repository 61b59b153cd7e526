import { useId, type FormEvent, type KeyboardEvent } from 'react';
import { DM_MESSAGES as M, DM_RULES } from '@cloud9/contracts';
import { errorMessage } from '../../api/client';
import { CharacterCounter } from '../../components/composer/CharacterCounter';
import { ComposerPickers } from '../../components/composer/ComposerPickers';
import { ComposerTools } from '../../components/composer/ComposerTools';
import { MediaPreview } from '../../components/composer/MediaPreview';
import { useComposerDraft } from '../../components/composer/useComposerDraft';
import { reportGifSentLater } from '../../components/gifs/reportGifSent';
import { notify } from '../../components/notify';
import { useSendMessage } from './queries';
import { useTypingSender } from './useTyping';
import '../../components/composer/composer.css';

/**
 * The conversation's composer: text (Enter sends, Shift+Enter starts a new line), the post
 * composer's file, GIF and emoji tools, and a counter against DM_RULES.textMax. The draft is kept per
 * conversation until sent. While the member types, the others hear of it (at most every
 * DM_RULES.typingEveryMs).
 */
export function DmComposer({ conversationId }: { conversationId: number }) {
  const draft = useComposerDraft(DM_RULES.textMax, `dm-${conversationId}`);
  const send = useSendMessage(conversationId);
  const typing = useTypingSender(conversationId);
  const textId = useId();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (send.isPending) return;
    if (!draft.hasContent) {
      notify(M.messageEmpty);
      return;
    }
    const gif = draft.file ? null : draft.gif;
    send.mutate(
      { text: draft.text, file: draft.file, gif },
      {
        onSuccess: () => {
          reportGifSentLater(gif);
          draft.reset();
        },
        onError: (err) => notify(errorMessage(err, M.sendFailed), 'error'),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className="dm-composer" aria-label={M.composerLabel} onSubmit={submit}>
      <div className="composer-main dm-composer-main">
        <MediaPreview
          file={draft.file}
          gif={draft.gif}
          onRemoveFile={() => draft.setFile(null)}
          onRemoveGif={() => draft.setGif(null)}
        />
        <ComposerPickers draft={draft} />
        <div className="dm-composer-row">
          <label htmlFor={textId} className="visually-hidden">
            {M.composerLabel}
          </label>
          <textarea
            id={textId}
            className="dm-composer-text"
            rows={1}
            placeholder={M.composerPlaceholder}
            value={draft.text}
            maxLength={draft.maxLength}
            onChange={(e) => {
              draft.setText(e.target.value);
              if (e.target.value.trim()) typing();
            }}
            onKeyDown={onKeyDown}
          />
          <button type="submit" className="btn btn-primary dm-send" disabled={send.isPending}>
            {M.send}
          </button>
        </div>
        <div className="dm-composer-tools">
          <ComposerTools draft={draft} />
          <CharacterCounter text={draft.text} limit={DM_RULES.textMax} />
        </div>
      </div>
    </form>
  );
}
