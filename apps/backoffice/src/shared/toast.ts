import { createToastStore, type ToastKind } from '@lending/ui';

/** Long enough to read a sentence; errors stay until closed. */
export const TOAST_TIMEOUT_MS = 6000;

export const toasts = createToastStore({ durationMs: TOAST_TIMEOUT_MS, errorsStay: true });

/** Confirms an action or reports its failure; a plain module so any code can call it. */
export function showToast(message: string, kind: ToastKind = 'success'): void {
  toasts.show(message, kind);
}
