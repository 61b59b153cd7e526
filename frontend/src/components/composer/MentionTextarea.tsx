import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type SyntheticEvent, type TextareaHTMLAttributes } from 'react';
import { MESSAGES } from '@cloud9/contracts';
import { useUsernameSuggestions } from '../../queries/users';
import { Avatar } from '../ui/Avatar';
import { insertMention, mentionAt } from './mentionQuery';
import './MentionTextarea.css';

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'role'>;

interface MentionTextareaProps extends TextareaProps {
  value: string;
  onValueChange: (value: string) => void;
}

/**
 * A composer's text box that offers accounts while an `@name` is typed: a listbox under the box
 * (combobox pattern: the text box keeps the focus, the active option is its aria-activedescendant),
 * ArrowUp/ArrowDown move, Enter or Tab picks, Escape closes the list only (never the dialog around
 * it), and a click or tap picks too. Picking writes `@username ` in place of what was typed.
 */
export function MentionTextarea({ value, onValueChange, onKeyDown, onBlur, ...textarea }: MentionTextareaProps) {
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  // The `@` whose list Escape closed: it stays closed until another mention is typed.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const pendingCaret = useRef<number | null>(null);

  const query = caret === null ? null : mentionAt(value, caret);
  const suggestions = useUsernameSuggestions(query && query.start !== dismissedAt ? query.prefix : null);
  const open = suggestions.length > 0;
  const current = open ? Math.min(active, suggestions.length - 1) : -1;
  const optionId = (i: number) => `${listId}-option-${i}`;

  useLayoutEffect(() => {
    if (pendingCaret.current === null || !ref.current) return;
    ref.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    setCaret(pendingCaret.current);
    pendingCaret.current = null;
  }, [value]);

  const readCaret = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const { selectionStart, selectionEnd } = event.currentTarget;
    const next = selectionStart === selectionEnd ? selectionStart : null;
    if (next !== caret) setActive(0);
    if (next === null || !mentionAt(event.currentTarget.value, next)) setDismissedAt(null);
    setCaret(next);
  };

  const pick = (username: string) => {
    if (!query) return;
    const next = insertMention(value, query, username);
    setActive(0);
    if (next.text === value) {
      // The name was already written out in full: only the caret moves, past it.
      ref.current?.setSelectionRange(next.caret, next.caret);
      setCaret(next.caret);
      return;
    }
    pendingCaret.current = next.caret;
    onValueChange(next.text);
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && query) {
      const move = (by: number) => setActive((current + by + suggestions.length) % suggestions.length);
      switch (event.key) {
        case 'ArrowDown':
          event.preventDefault();
          move(1);
          return;
        case 'ArrowUp':
          event.preventDefault();
          move(-1);
          return;
        case 'Enter':
        case 'Tab':
          if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) break;
          // A pick, not a new line, a submit or a move of the focus (a dialog's focus trap hears Tab on the document).
          event.preventDefault();
          event.stopPropagation();
          pick(suggestions[current].username);
          return;
        case 'Escape':
          // Only the list closes: the key stops here, before a dialog around the composer hears it.
          event.preventDefault();
          event.stopPropagation();
          setDismissedAt(query.start);
          return;
      }
    }
    onKeyDown?.(event);
  };

  return (
    // The combobox is named for what it offers, not after the text box inside it, which keeps its own label.
    <div className="mention-field" role="combobox" aria-label={MESSAGES.mentionSuggest.fieldLabel} aria-expanded={open} aria-controls={listId}>
      <textarea
        {...textarea}
        ref={ref}
        value={value}
        aria-autocomplete="list"
        aria-controls={listId}
        aria-activedescendant={open ? optionId(current) : undefined}
        onChange={(event) => {
          onValueChange(event.target.value);
          readCaret(event);
        }}
        onSelect={readCaret}
        onKeyDown={keyDown}
        onBlur={(event) => {
          setCaret(null);
          onBlur?.(event);
        }}
      />
      <ul id={listId} className="mention-list" role="listbox" aria-label={MESSAGES.mentionSuggest.listLabel} hidden={!open}>
        {suggestions.map((user, i) => (
          <li
            key={user.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === current}
            className="mention-option"
            // The text box keeps the focus (and so its caret) through a click or tap.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(user.username)}
          >
            <Avatar path={user.thumbnail} size={28} />
            <span className="mention-option-names">
              {user.name && <span className="mention-option-name">{user.name}</span>}
              <span className="mention-option-handle">@{user.username}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
