/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Helpline number as shown to applicants, e.g. '800 100 200'. */
  readonly VITE_HELPLINE_PHONE?: string;
  /** Where uncaught errors are reported (POST JSON); unset: no error reporting. */
  readonly VITE_ERROR_REPORTING_URL?: string;
  /** Google Tag Manager container id; loaded only after analytics consent. Unset: none. */
  readonly VITE_GTM_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
