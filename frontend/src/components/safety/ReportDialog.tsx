import { useId, useState, type FormEvent } from 'react';
import { DM_MESSAGES, LIMITS, MESSAGES, MODERATION_MESSAGES, REPORT_REASONS, REPORT_RULES, SAFETY_UI_MESSAGES, truncateForDisplay, type Post, type ReportReason } from '@cloud9/contracts';
import { ApiRequestError } from '../../api/client';
import { sendReport } from '../../api/safety';
import { Modal } from '../ui/Modal';
import type { SafetyTarget } from './useSafetyActions';
import './safety.css';

/** A post, an account, or a direct message (its report carries the messages before it to staff). */
export type ReportTarget = { type: 'post'; post: Post } | { type: 'user'; user: SafetyTarget } | { type: 'message'; id: number };

const titleOf = (target: ReportTarget) =>
  target.type === 'post' ? SAFETY_UI_MESSAGES.reportPostTitle : target.type === 'message' ? DM_MESSAGES.reportMessageTitle : SAFETY_UI_MESSAGES.reportUserTitle(target.user.username);

const targetIdOf = (target: ReportTarget) => (target.type === 'post' ? target.post.id : target.type === 'message' ? target.id : target.user.id);

export interface ReportDialogProps {
  target: ReportTarget;
  onClose: () => void;
}

/** Where the dialog stands: filling the form, or a calm answer in place of it. */
type Outcome = { kind: 'sent' } | { kind: 'already'; message: string } | { kind: 'limited' } | null;

const length = (text: string) => Array.from(text).length;

/**
 * Reports a post, an account or a direct message: a reason (required), an optional comment counted in code points
 * like the server does, and for a post the post itself. The answer replaces the form: thanks,
 * "already reported" (409) or "wait a while" (429), each calm; any other failure keeps the form.
 */
export function ReportDialog({ target, onClose }: ReportDialogProps) {
  const formId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const used = length(comment);
  const tooLong = used > REPORT_RULES.commentMax;
  const title = titleOf(target);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (!reason) {
      setError(SAFETY_UI_MESSAGES.reasonRequired);
      return;
    }
    if (tooLong) {
      setError(MODERATION_MESSAGES.commentTooLong);
      return;
    }
    setSending(true);
    setError(null);
    const text = comment.trim();
    try {
      await sendReport({
        targetType: target.type,
        targetId: targetIdOf(target),
        reason,
        ...(text && { comment: text }),
      });
      setOutcome({ kind: 'sent' });
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 409) setOutcome({ kind: 'already', message: err.message || MODERATION_MESSAGES.alreadyReported });
      else if (err instanceof ApiRequestError && err.status === 429) setOutcome({ kind: 'limited' });
      else {
        console.error('Report failed', err);
        setError(err instanceof ApiRequestError && err.status >= 400 && err.status < 500 && err.message ? err.message : SAFETY_UI_MESSAGES.reportFailed);
      }
    } finally {
      setSending(false);
    }
  };

  if (outcome) {
    const message =
      outcome.kind === 'sent' ? SAFETY_UI_MESSAGES.reportThanks : outcome.kind === 'already' ? outcome.message : MESSAGES.rateLimit.reports;
    return (
      <Modal title={title} onClose={onClose} footer="close">
        <p className="report-outcome" role="status">
          {message}
        </p>
      </Modal>
    );
  }

  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Close
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={sending}>
            {sending ? SAFETY_UI_MESSAGES.sending : SAFETY_UI_MESSAGES.sendReport}
          </button>
        </>
      }
    >
      {target.type === 'post' && (
        <figure className="report-post">
          <figcaption className="hint">{SAFETY_UI_MESSAGES.reportedPost}</figcaption>
          <blockquote className="report-quote" data-testid="report-post">
            <p className="report-quote-author">@{target.post.username}</p>
            <p className="report-quote-text">{truncateForDisplay(target.post.content, LIMITS.replyQuoteTruncate).text}</p>
          </blockquote>
        </figure>
      )}
      <form id={formId} onSubmit={submit} noValidate>
        <fieldset className="report-reasons" aria-describedby={error ? `${formId}-error` : undefined}>
          <legend>{SAFETY_UI_MESSAGES.reasonLegend}</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="report-reason">
              <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
              <span>{SAFETY_UI_MESSAGES.reasons[value]}</span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${formId}-comment`}>{SAFETY_UI_MESSAGES.commentLabel}</label>
          <textarea
            id={`${formId}-comment`}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            aria-describedby={`${formId}-count`}
            aria-invalid={tooLong || undefined}
          />
          <span className={`report-count${tooLong ? ' report-count-over' : ''}`} aria-hidden="true">
            {SAFETY_UI_MESSAGES.commentCounter(used)}
          </span>
          <span id={`${formId}-count`} className="visually-hidden" aria-live="polite">
            {SAFETY_UI_MESSAGES.commentCounterLabel(used)}
          </span>
        </div>
        {error && (
          <p id={`${formId}-error`} className="report-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
