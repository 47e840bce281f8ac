// The applicant's cookie choice (footer → 'Nastavení cookies'), kept in localStorage.
export const COOKIE_CONSENT_KEY = 'portal:cookie-consent';
/** Fired on window whenever the choice is saved. */
export const CONSENT_CHANGED = 'portal:cookie-consent-changed';

export interface CookieConsent {
  analytics: boolean;
  marketing: boolean;
  savedAt: string;
}

export function readConsent(): CookieConsent | null {
  try {
    const raw = localStorage.getItem(COOKIE_CONSENT_KEY);
    return raw ? (JSON.parse(raw) as CookieConsent) : null;
  } catch {
    return null;
  }
}

export function saveConsent(choice: { analytics: boolean; marketing: boolean }): void {
  localStorage.setItem(COOKIE_CONSENT_KEY, JSON.stringify({ ...choice, savedAt: new Date().toISOString() }));
  window.dispatchEvent(new Event(CONSENT_CHANGED));
}
