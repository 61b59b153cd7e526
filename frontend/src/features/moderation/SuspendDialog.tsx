import { useId, useState } from 'react';
import { MODERATION_QUEUE_TEXT as T, REPORT_RULES } from '@cloud9/contracts';
import { Modal } from '../../components/ui/Modal';

export interface SuspendChoice {
  /** ISO-8601 end; undefined is for good. */
  until?: string;
  text?: string;
}

const DAY_MS = 86_400_000;

/** The lengths offered, in days; for good (the admin only) is offered apart. */
const SUSPENSION_DAYS = [1, 7, 30] as const;

/**
 * How long to suspend: 1, 7 or 30 days, and for good only when `forGoodAllowed` (the admin), with
 * an optional reason kept with the report. Resolves through `onDone` (null: cancelled).
 */
export function SuspendDialog({ username, forGoodAllowed, onDone }: { username: string; forGoodAllowed: boolean; onDone: (choice: SuspendChoice | null) => void }) {
  const [length, setLength] = useState<string>(String(SUSPENSION_DAYS[1]));
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const submit = () => {
    const text = reason.trim() || undefined;
    onDone(length === 'forever' ? { text } : { until: new Date(Date.now() + Number(length) * DAY_MS).toISOString(), text });
  };
  return (
    <Modal
      title={T.suspendTitle(username)}
      onClose={() => onDone(null)}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={() => onDone(null)}>
            Cancel
          </button>
          <button type="submit" form={`${reasonId}-form`} className="btn btn-danger">
            {T.actions.suspend}
          </button>
        </>
      }
    >
      <form
        id={`${reasonId}-form`}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <fieldset className="mod-suspend-lengths">
          <legend>{T.suspendLength}</legend>
          {SUSPENSION_DAYS.map((days) => (
            <label key={days} className="mod-radio">
              <input type="radio" name="length" value={days} checked={length === String(days)} onChange={() => setLength(String(days))} />
              {T.days(days)}
            </label>
          ))}
          {forGoodAllowed && (
            <label className="mod-radio">
              <input type="radio" name="length" value="forever" checked={length === 'forever'} onChange={() => setLength('forever')} />
              {T.forGood}
            </label>
          )}
        </fieldset>
        <div className="field">
          <label htmlFor={reasonId}>{T.suspendReason}</label>
          <textarea id={reasonId} value={reason} maxLength={REPORT_RULES.actionTextMax} rows={3} onChange={(e) => setReason(e.target.value)} />
        </div>
      </form>
    </Modal>
  );
}
