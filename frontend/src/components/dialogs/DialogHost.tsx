import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { selectCurrentRequest, useDialogRequests, type DialogRequest } from './dialogRequests';
import '../ui/Modal.css';
import './DialogHost.css';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled])';

/** Shows the oldest waiting question of confirmAction() / promptText(); one at a time. */
export function DialogHost() {
  const request = useDialogRequests(selectCurrentRequest);
  return request ? <QuestionDialog key={request.id} request={request} /> : null;
}

function QuestionDialog({ request }: { request: DialogRequest }) {
  const messageId = useId();
  const inputId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const safeRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(request.kind === 'prompt' ? request.initialValue : '');
  const answered = useRef(false);

  const answer = (goAhead: boolean) => {
    if (answered.current) return;
    answered.current = true;
    useDialogRequests.getState().settle(request.id);
    const { opener } = request;
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    if (request.kind === 'confirm') request.resolve(goAhead);
    else request.resolve(goAhead ? text : null);
  };
  const answerRef = useRef(answer);
  answerRef.current = answer;

  // A layout effect, as in Modal: the keys are heard from the moment the question is on screen.
  useLayoutEffect(() => {
    // A confirmation starts on the safe button, so Enter never destroys anything by accident.
    (request.kind === 'prompt' ? inputRef.current : safeRef.current)?.focus();
    // Captured on window, before any dialog underneath (it listens on document) sees the key:
    // Escape answers this question only, and Tab stays inside it.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        event.preventDefault();
        answerRef.current(false);
        return;
      }
      const dialog = dialogRef.current;
      if (event.key !== 'Tab' || !dialog) return;
      event.stopPropagation();
      const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
      const index = items.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey ? (index <= 0 ? items.length - 1 : index - 1) : (index + 1) % items.length;
      event.preventDefault();
      items[next]?.focus();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [request.kind]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    answer(true);
  };

  const buttons = (
    <div className="modal-footer">
      <button ref={safeRef} type="button" className="btn btn-ghost" onClick={() => answer(false)}>
        {request.cancelLabel}
      </button>
      <button type={request.kind === 'prompt' ? 'submit' : 'button'} className="btn btn-primary" onClick={request.kind === 'confirm' ? () => answer(true) : undefined}>
        {request.confirmLabel}
      </button>
    </div>
  );

  return createPortal(
    <div className="modal-backdrop question-backdrop">
      <div
        ref={dialogRef}
        className="modal modal-md question-dialog"
        role={request.kind === 'confirm' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={messageId}
      >
        {request.kind === 'confirm' ? (
          <>
            <p id={messageId} className="modal-body question-message">
              {request.message}
            </p>
            {buttons}
          </>
        ) : (
          <form onSubmit={submit}>
            <div className="modal-body">
              <label id={messageId} htmlFor={inputId} className="question-message">
                {request.message}
              </label>
              <input
                ref={inputRef}
                id={inputId}
                className="input question-input"
                value={text}
                onChange={(e) => setText(e.target.value)}
                autoComplete="off"
              />
            </div>
            {buttons}
          </form>
        )}
      </div>
    </div>,
    document.body,
  );
}
