/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** `user:password` of the basic credentials per platform; defaults come from the contract. */
  readonly VITE_BASIC_AUTH_WEB?: string;
  readonly VITE_BASIC_AUTH_ANDROID?: string;
  readonly VITE_BASIC_AUTH_IOS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
