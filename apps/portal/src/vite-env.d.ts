/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Helpline number as shown to applicants, e.g. '800 100 200'. */
  readonly VITE_HELPLINE_PHONE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
