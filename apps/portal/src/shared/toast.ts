/** portal.md §9: every message disappears after 2 seconds. */
export const TOAST_TIMEOUT_MS = 2000;

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

type Listener = (toasts: readonly Toast[]) => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener(toasts);
}

/**
 * Shows a message to the applicant; a plain module so the API client can call it outside React.
 * A message already on screen is not repeated (the whisperer asks at every keystroke). Longer
 * than 2 s only for what needs reading, such as when to try again after too many requests.
 */
export function showToast(message: string, kind: ToastKind = 'info', durationMs = TOAST_TIMEOUT_MS): void {
  if (toasts.some((t) => t.message === message && t.kind === kind)) return;
  const toast = { id: nextId++, kind, message };
  toasts = [...toasts, toast];
  emit();
  setTimeout(() => dismissToast(toast.id), durationMs);
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): readonly Toast[] {
  return toasts;
}
