/**
 * How often screens poll work that runs in the background (screenings, credit evaluations).
 * An object, not a constant, so tests can shorten it.
 */
export const polling = { intervalMs: 2000 };

/** Work that is still running; its screens poll until it ends. */
export function isRunning(state: string | null | undefined): boolean {
  return state === 'PENDING' || state === 'IN_PROGRESS';
}
