import { lazy, type ComponentType } from 'react';

export const CHUNK_RETRY_KEY = 'portal:chunk-reloads';
export const MAX_CHUNK_RELOADS = 3;
export const CHUNK_FAILURE_MESSAGE = `Failed to load chunk after ${MAX_CHUNK_RELOADS} attempts.`;

/**
 * A page chunk that fails to load (usually a deploy replaced it) reloads the page, at most
 * three times in a row (counted in sessionStorage), then fails with the spec's message.
 */
export async function loadWithRetry<T>(load: () => Promise<T>, storage: Storage = sessionStorage, reload: () => void = () => window.location.reload()): Promise<T> {
  try {
    const module = await load();
    storage.removeItem(CHUNK_RETRY_KEY);
    return module;
  } catch {
    const attempts = Number(storage.getItem(CHUNK_RETRY_KEY) ?? '0');
    if (attempts < MAX_CHUNK_RELOADS) {
      storage.setItem(CHUNK_RETRY_KEY, String(attempts + 1));
      reload();
      // The reload replaces the page; until then, keep the fallback on screen.
      return new Promise<T>(() => {});
    }
    storage.removeItem(CHUNK_RETRY_KEY);
    throw new Error(CHUNK_FAILURE_MESSAGE);
  }
}

export function lazyPage<T extends ComponentType<object>>(load: () => Promise<{ default: T }>) {
  return lazy(() => loadWithRetry(load));
}
