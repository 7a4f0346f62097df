/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** `user:password` of the basic credentials per platform; defaults come from the contract. */
  /** Set by vite.config.ts: the package version and the commit it was built from. */
  readonly VITE_APP_VERSION?: string;
  /** The call centre's WhatsApp number, digits with the country code (default in contract/support.ts). */
  readonly VITE_CALL_CENTER_WHATSAPP?: string;
  readonly VITE_BASIC_AUTH_WEB?: string;
  readonly VITE_BASIC_AUTH_ANDROID?: string;
  readonly VITE_BASIC_AUTH_IOS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
