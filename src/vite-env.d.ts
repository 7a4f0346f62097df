/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set by vite.config.ts: the package version and the commit it was built from. */
  readonly VITE_APP_VERSION?: string;
  /** The call centre's WhatsApp number, digits with the country code (default in contract/support.ts). */
  readonly VITE_CALL_CENTER_WHATSAPP?: string;
  /**
   * `user:password` of the web platform's basic credentials (default in contract/platform.ts).
   * The only pair a build takes: an app's own reaches its webview from the native host.
   */
  readonly VITE_BASIC_AUTH_WEB?: string;
  /** The API environment: production, staging, staging2 or dev; unset calls this origin's /api (src/api/api-base.ts). */
  readonly VITE_API_ENV?: string;
  readonly VITE_API_URL_PRODUCTION?: string;
  readonly VITE_API_URL_STAGING?: string;
  readonly VITE_API_URL_STAGING2?: string;
  readonly VITE_API_URL_DEV?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
