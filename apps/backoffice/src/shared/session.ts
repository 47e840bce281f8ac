/**
 * The staff session (ROLES.md §3, docs/decisions/0015): the access token lives in this page's
 * memory only; the refresh token is an HttpOnly cookie the login set, which no script can read
 * and which every tab of the browser shares — a new tab or a reload gets its access token from
 * it (`restoreSession`). Signing out in one tab signs out the others (a BroadcastChannel).
 */
export interface TokenPair {
  access: string;
  /** Kept by the cookie, not by the page; accepted here for the login's answer. */
  refresh?: string;
}

/** Why the last session ended; the login page tells the user when it expired or went idle. */
export type SessionEndReason = 'expired' | 'logout' | 'idle' | 'everywhere';

const listeners = new Set<() => void>();
let access: string | null = null;
let lastEndReason: SessionEndReason | null = null;

const CHANNEL = 'lending.backoffice.session';
const channel: BroadcastChannel | null = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
channel?.addEventListener('message', (event: MessageEvent<{ type?: string; reason?: SessionEndReason }>) => {
  // Another tab signed out: this one follows, without telling the others again.
  if (event.data?.type === 'signed-out') end(event.data.reason ?? 'logout');
});

function notify(): void {
  for (const listener of listeners) listener();
}

function end(reason: SessionEndReason): void {
  // Listeners (the auth guard) read the reason, so it is set before they are told.
  if (access !== null) lastEndReason = reason;
  access = null;
  restoring = null;
  notify();
}

export function getTokens(): { access: string } | null {
  return access === null ? null : { access };
}

export function setTokens(tokens: TokenPair | null): void {
  if (tokens) {
    lastEndReason = null;
    access = tokens.access;
    notify();
  } else {
    end('logout');
  }
}

/** Ends the session in this tab and in every other tab of the browser. */
export function clearTokens(reason: SessionEndReason = 'logout'): void {
  end(reason);
  channel?.postMessage({ type: 'signed-out', reason });
}

/** 'expired' after the API refused the refresh token, 'idle' after 30 minutes without activity; null before any session ended. */
export function getSessionEndReason(): SessionEndReason | null {
  return lastEndReason;
}

/** For useSyncExternalStore: the token is a stable snapshot between changes. */
export function getSessionSnapshot(): string | null {
  return access;
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let restoring: Promise<boolean> | null = null;

/**
 * A page opened without a token in memory (a new tab, a reload) asks for one with the session
 * cookie, once for all who ask together; false when there is no session to restore.
 */
export function restoreSession(refresh: () => Promise<string | null>): Promise<boolean> {
  if (access !== null) return Promise.resolve(true);
  restoring ??= refresh()
    .then((token) => {
      if (token) setTokens({ access: token });
      return token !== null;
    })
    .catch(() => false)
    .finally(() => {
      restoring = null;
    });
  return restoring;
}

/** Tests start signed out, with nothing remembered from the previous test. */
export function resetSessionForTests(): void {
  access = null;
  lastEndReason = null;
  restoring = null;
  notify();
}
