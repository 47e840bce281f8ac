import { createToastStore, type ToastKind } from '@lending/ui';

/** portal.md §9: every message disappears after 2 seconds. */
export const TOAST_TIMEOUT_MS = 2000;

export const toasts = createToastStore({ durationMs: TOAST_TIMEOUT_MS });

/**
 * Shows a message to the applicant; a plain module so the API client can call it outside React.
 * Longer than 2 s only for what needs reading, such as when to try again after too many requests.
 */
export function showToast(message: string, kind: ToastKind = 'info', durationMs?: number): void {
  toasts.show(message, kind, durationMs);
}

export const currentToasts = toasts.current;
