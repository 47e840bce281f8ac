/**
 * The staff session: a JWT pair kept in sessionStorage, so it ends with the browser tab
 * and is never shared with other tabs or persisted to disk by the app.
 */
export interface TokenPair {
  access: string;
  refresh: string;
}

const STORAGE_KEY = 'lending.backoffice.tokens';
const listeners = new Set<() => void>();

function readRaw(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function getTokens(): TokenPair | null {
  const raw = readRaw();
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<TokenPair>;
    return typeof parsed.access === 'string' && typeof parsed.refresh === 'string'
      ? { access: parsed.access, refresh: parsed.refresh }
      : null;
  } catch {
    return null;
  }
}

export function setTokens(tokens: TokenPair | null): void {
  if (tokens) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tokens));
  else sessionStorage.removeItem(STORAGE_KEY);
  for (const listener of listeners) listener();
}

export function clearTokens(): void {
  setTokens(null);
}

/** For useSyncExternalStore: the raw string is a stable snapshot between changes. */
export function getSessionSnapshot(): string | null {
  return readRaw();
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
