import { useSyncExternalStore } from 'react';
import type { Toast, ToastStore } from './toast';

/**
 * The messages of a store. Both live regions exist before any message does, so screen readers
 * announce each one; errors are assertive. Each message is a status of its own (its text alone,
 * so it reads and matches as the message). `dismissible` adds a close button to each: where
 * messages may stay (the back-office's errors stay until closed).
 */
export function Toasts({ store, dismissible = false }: { store: ToastStore; dismissible?: boolean }) {
  const toasts = useSyncExternalStore(store.subscribe, store.current, store.current);
  const item = (toast: Toast) => (
    <div key={toast.id} className={`toast toast--${toast.kind}`}>
      <span role="status" className="toast__message">
        {toast.message}
      </span>
      {dismissible && (
        <button type="button" className="toast__close" aria-label="Zavřít zprávu" onClick={() => store.dismiss(toast.id)}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
  return (
    <div className="toasts">
      <div aria-live="polite">{toasts.filter((toast) => toast.kind !== 'error').map(item)}</div>
      {/* Assertive without role="alert": an empty alert region would be one more "alert" on every screen. */}
      <div aria-live="assertive">{toasts.filter((toast) => toast.kind === 'error').map(item)}</div>
    </div>
  );
}
