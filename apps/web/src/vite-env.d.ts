/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />

interface ImportMetaEnv {
  /** Base URL of the API; empty for the same origin (the server serves the app). */
  readonly VITE_API_BASE_URL?: string;
}
