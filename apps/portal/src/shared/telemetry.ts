import { CONSENT_CHANGED, readConsent } from './consent';

// Error reporting and the tag manager are third-party services: they start only when the
// build configures them (VITE_ERROR_REPORTING_URL, VITE_GTM_ID; see main.tsx, which leaves
// this module out of unconfigured builds), and the tag manager only once the applicant has
// allowed analytics cookies. The server's CSP must allow their origins (CSP_SCRIPT_SRC,
// CSP_CONNECT_SRC of the API).

export interface TelemetryConfig {
  errorReportingUrl?: string;
  gtmId?: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Reports every uncaught error and rejection (sampling rate 1), without query strings (tokens). */
export function startErrorReporting(url: string, win: Window = window): void {
  const send = (payload: Record<string, unknown>) => {
    const body = JSON.stringify({ ...payload, page: win.location.pathname, at: new Date().toISOString() });
    const beacon = win.navigator.sendBeacon?.bind(win.navigator);
    if (beacon && beacon(url, new Blob([body], { type: 'application/json' }))) return;
    void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'application/json' } }).catch(() => undefined);
  };
  win.addEventListener('error', (event) => {
    send({ type: 'error', message: event.message, source: event.filename, line: event.lineno, stack: (event.error as Error | undefined)?.stack });
  });
  win.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as { message?: string; stack?: string } | undefined;
    send({ type: 'unhandledrejection', message: String(reason?.message ?? reason), stack: reason?.stack });
  });
}

export function loadTagManager(id: string, doc: Document = document): void {
  if (doc.getElementById('gtm-script')) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = doc.createElement('script');
  script.id = 'gtm-script';
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  doc.head.appendChild(script);
}

export function startTelemetry(config: TelemetryConfig): void {
  if (config.errorReportingUrl) startErrorReporting(config.errorReportingUrl);
  const gtmId = config.gtmId;
  if (gtmId) {
    const loadIfAllowed = () => {
      if (readConsent()?.analytics) loadTagManager(gtmId);
    };
    loadIfAllowed();
    window.addEventListener(CONSENT_CHANGED, loadIfAllowed);
  }
}
