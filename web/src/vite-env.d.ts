/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** '1' in builds for browser tests: exposes window.__snapnotesTestSignIn. */
  readonly VITE_E2E?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
