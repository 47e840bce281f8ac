import { useSyncExternalStore } from 'react';
import { currentToasts, dismissToast, subscribeToasts } from '../toast';

/**
 * Confirmations of actions. The region exists before any message does, so screen readers
 * announce each one; errors are assertive and stay until closed.
 */
export function Toasts() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  const polite = toasts.filter((toast) => toast.kind !== 'error');
  const errors = toasts.filter((toast) => toast.kind === 'error');
  return (
    <div className="toasts">
      <div role="status" aria-live="polite">
        {polite.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.kind}`}>
            <span>{toast.message}</span>
            <button type="button" className="toast__close" aria-label="Zavřít zprávu" onClick={() => dismissToast(toast.id)}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ))}
      </div>
      {/* Assertive without role="alert": an empty alert region would be one more "alert" on every screen. */}
      <div aria-live="assertive">
        {errors.map((toast) => (
          <div key={toast.id} className="toast toast--error">
            <span>{toast.message}</span>
            <button type="button" className="toast__close" aria-label="Zavřít zprávu" onClick={() => dismissToast(toast.id)}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}
