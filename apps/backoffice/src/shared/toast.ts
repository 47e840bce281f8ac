/** Long enough to read a sentence; errors stay until dismissed. */
export const TOAST_TIMEOUT_MS = 6000;

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Confirms an action or reports its failure; a plain module so any code can call it. */
export function showToast(message: string, kind: ToastKind = 'success'): void {
  const toast = { id: nextId++, kind, message };
  toasts = [...toasts, toast];
  emit();
  if (kind !== 'error') setTimeout(() => dismissToast(toast.id), TOAST_TIMEOUT_MS);
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): readonly Toast[] {
  return toasts;
}
