/** Spec section 7: the API base is chosen by an environment value with these names. */
export const API_ENVIRONMENTS = ['production', 'staging', 'staging2', 'dev'] as const;
export type ApiEnvironment = (typeof API_ENVIRONMENTS)[number];

/** The build-time setting naming the environment; unset means this origin's `/api`. */
export const API_ENV_SETTING = 'VITE_API_ENV';
/** The build-time setting holding each environment's base URL. */
export const API_URL_SETTINGS: Readonly<Record<ApiEnvironment, string>> = {
  production: 'VITE_API_URL_PRODUCTION',
  staging: 'VITE_API_URL_STAGING',
  staging2: 'VITE_API_URL_STAGING2',
  dev: 'VITE_API_URL_DEV',
};

const isEnvironment = (name: string): name is ApiEnvironment => (API_ENVIRONMENTS as readonly string[]).includes(name);

/** A base is a path on this origin (`/api`) or an http(s) URL; never a trailing slash (paths start with one). */
function checkedBase(setting: string, value: string): string {
  const base = value.trim().replace(/\/+$/, '');
  const isPath = base.startsWith('/') && !base.startsWith('//');
  let isUrl = false;
  try {
    isUrl = /^https?:$/.test(new URL(base).protocol);
  } catch {
    isUrl = false;
  }
  if (!isPath && !isUrl) {
    throw new Error(
      `${setting}="${value}" bukan alamat API: tulis URL http(s)://... atau path yang diawali / (misalnya /api)`,
    );
  }
  return base;
}

/**
 * The API base a build calls, from its environment (Vite's `import.meta.env`, or `loadEnv` in
 * vite.config.ts, which runs this first so a wrong setting fails the build). Null when unset: the
 * client's default, this origin's API_BASE (`/api`). A name outside the four, or a chosen name
 * without its URL, is refused with a message naming the setting. No imports: vite.config.ts loads
 * this file.
 */
export function resolveApiBase(env: Readonly<Record<string, unknown>>): string | null {
  const raw = env[API_ENV_SETTING];
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (name === '') return null;
  if (!isEnvironment(name)) {
    throw new Error(
      `${API_ENV_SETTING}="${name}" tidak dikenal: pilih salah satu dari ${API_ENVIRONMENTS.join(', ')}, atau kosongkan untuk /api di origin yang sama`,
    );
  }
  const setting = API_URL_SETTINGS[name];
  const url = env[setting];
  if (typeof url !== 'string' || url.trim() === '') {
    throw new Error(`${API_ENV_SETTING}=${name} butuh ${setting}: alamat API environment ${name}`);
  }
  return checkedBase(setting, url);
}
