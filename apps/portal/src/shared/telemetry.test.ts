import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveConsent } from './consent';
import { startErrorReporting, startTelemetry } from './telemetry';

describe('telemetry', () => {
  beforeEach(() => {
    localStorage.clear();
    document.head.querySelectorAll('#gtm-script').forEach((n) => n.remove());
  });
  afterEach(() => vi.restoreAllMocks());

  it('loads the tag manager only after analytics cookies are allowed, once', () => {
    startTelemetry({ gtmId: 'GTM-TEST1' });
    expect(document.getElementById('gtm-script')).toBeNull();
    saveConsent({ analytics: false, marketing: true });
    expect(document.getElementById('gtm-script')).toBeNull();
    saveConsent({ analytics: true, marketing: false });
    const script = document.getElementById('gtm-script') as HTMLScriptElement;
    expect(script.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-TEST1');
    saveConsent({ analytics: true, marketing: true });
    expect(document.querySelectorAll('#gtm-script')).toHaveLength(1);
  });

  it('reports uncaught errors to the configured address without the query (form tokens)', () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(window.navigator, 'sendBeacon', { value: beacon, configurable: true });
    window.history.replaceState(null, '', '/dokumenty?token=secret-token');
    startErrorReporting('https://errors.example.cz/report');
    window.dispatchEvent(new ErrorEvent('error', { message: 'Boom', filename: 'app.js', lineno: 3 }));
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('https://errors.example.cz/report');
    return blob.text().then((text) => {
      expect(JSON.parse(text)).toMatchObject({ type: 'error', message: 'Boom', page: '/dokumenty' });
      expect(text).not.toContain('secret-token');
    });
  });
});
