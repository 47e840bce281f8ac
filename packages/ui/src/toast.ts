export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface ToastRules {
  /** How long a message stays, unless the call says otherwise. */
  durationMs: number;
  /** Errors stay until the user closes them (the back-office: they may need to be read twice). */
  errorsStay?: boolean;
}

export interface ToastStore {
  /**
   * Shows a message; a message already on screen is not repeated (a whisperer asks at every
   * keystroke). `durationMs` for what needs longer, such as the wait after too many requests.
   */
  show(message: string, kind?: ToastKind, durationMs?: number): void;
  dismiss(id: number): void;
  subscribe(listener: () => void): () => void;
  current(): readonly Toast[];
}

/**
 * The messages of one app: a plain store, so an API client outside React can show one too.
 * Each app makes its own with its rules (the portal's 2 s of portal.md §9; the back-office's 6 s).
 */
export function createToastStore(rules: ToastRules): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };

  const dismiss = (id: number) => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  };

  return {
    show(message, kind = 'info', durationMs = rules.durationMs) {
      if (toasts.some((t) => t.message === message && t.kind === kind)) return;
      const toast = { id: nextId++, kind, message };
      toasts = [...toasts, toast];
      emit();
      if (!(kind === 'error' && rules.errorsStay)) setTimeout(() => dismiss(toast.id), durationMs);
    },
    dismiss,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => toasts,
  };
}
