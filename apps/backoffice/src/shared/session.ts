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

/** Why the last session ended; the login page tells the user when it simply expired. */
export type SessionEndReason = 'expired' | 'logout';
let lastEndReason: SessionEndReason | null = null;

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
  if (tokens) {
    lastEndReason = null;
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tokens));
  } else {
    sessionStorage.removeItem(STORAGE_KEY);
  }
  for (const listener of listeners) listener();
}

export function clearTokens(reason: SessionEndReason = 'logout'): void {
  // Listeners (the auth guard) read the reason, so it is set before they are told.
  if (readRaw() !== null) lastEndReason = reason;
  setTokens(null);
}

/** 'expired' after the API refused the refresh token; null before any session ended. */
export function getSessionEndReason(): SessionEndReason | null {
  return lastEndReason;
}

/** For useSyncExternalStore: the raw string is a stable snapshot between changes. */
export function getSessionSnapshot(): string | null {
  return readRaw();
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
