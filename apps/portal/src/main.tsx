import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import '@lending/ui/tokens.css';
import '@lending/ui/base.css';
import '@lending/ui/forms.css';
import './app/styles.css';

// Third-party telemetry exists only in builds that configure it; otherwise this import and the
// module behind it are dropped from the bundle (no request ever leaves for a third party).
if (import.meta.env.VITE_ERROR_REPORTING_URL || import.meta.env.VITE_GTM_ID) {
  void import('./shared/telemetry').then(({ startTelemetry }) =>
    startTelemetry({ errorReportingUrl: import.meta.env.VITE_ERROR_REPORTING_URL, gtmId: import.meta.env.VITE_GTM_ID }),
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
