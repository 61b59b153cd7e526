import { useToastStore, type ToastKind } from '../../stores/toast';
import './ToastRegion.css';

/**
 * The app's message surface. Alerts carry role="alert" on their own text (announced once when
 * they appear; the Dismiss button is outside that text, so it is not read out with it); quiet
 * messages go into a polite status region that is always mounted, so it exists before one arrives.
 */
export function ToastRegion() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  const list = (kind: ToastKind) =>
    toasts
      .filter((t) => t.kind === kind)
      .map((t) => (
        <div key={t.id} className={`toast toast-${t.tone}`}>
          <span className="toast-message" role={kind === 'alert' ? 'alert' : undefined}>
            {t.message}
          </span>
          {t.action && (
            <button type="button" className="toast-action" onClick={t.action.onSelect}>
              {t.action.label}
            </button>
          )}
          <button type="button" className="toast-close" onClick={() => dismiss(t.id)} aria-label="Dismiss message">
            ×
          </button>
        </div>
      ));
  return (
    <div className="toast-region">
      {list('alert')}
      <div className="toast-stack" role="status" aria-live="polite">
        {list('status')}
      </div>
    </div>
  );
}
