import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_ENVIRONMENTS, API_URL_SETTINGS, resolveApiBase } from '../../src/api/api-base';

describe('the API base chosen at build time (spec section 7)', () => {
  it('is this origin’s /api when no environment is named', () => {
    expect(resolveApiBase({})).toBeNull();
    expect(resolveApiBase({ VITE_API_ENV: '  ' })).toBeNull();
  });

  it.each(API_ENVIRONMENTS)('%s takes its own URL setting', (name) => {
    const env = {
      VITE_API_ENV: name,
      ...Object.fromEntries(Object.values(API_URL_SETTINGS).map((setting) => [setting, `https://${setting}.test/api`])),
    };
    expect(resolveApiBase(env)).toBe(`https://${API_URL_SETTINGS[name]}.test/api`);
  });

  it('takes a path on this origin and drops a trailing slash', () => {
    expect(resolveApiBase({ VITE_API_ENV: 'dev', VITE_API_URL_DEV: '/api-dev/' })).toBe('/api-dev');
    expect(resolveApiBase({ VITE_API_ENV: 'staging2', VITE_API_URL_STAGING2: 'https://s2.berangkat.test/api/' })).toBe(
      'https://s2.berangkat.test/api',
    );
  });

  it('refuses an unknown name, a name without its URL and a URL that is none, naming the setting', () => {
    expect(() => resolveApiBase({ VITE_API_ENV: 'stagin' })).toThrow(
      'VITE_API_ENV="stagin" tidak dikenal: pilih salah satu dari production, staging, staging2, dev',
    );
    expect(() => resolveApiBase({ VITE_API_ENV: 'Production' })).toThrow('tidak dikenal');
    expect(() => resolveApiBase({ VITE_API_ENV: 'production' })).toThrow(
      'VITE_API_ENV=production butuh VITE_API_URL_PRODUCTION',
    );
    expect(() => resolveApiBase({ VITE_API_ENV: 'dev', VITE_API_URL_DEV: 'ftp://x/api' })).toThrow(
      'VITE_API_URL_DEV="ftp://x/api" bukan alamat API',
    );
    expect(() => resolveApiBase({ VITE_API_ENV: 'dev', VITE_API_URL_DEV: '//evil.test/api' })).toThrow(
      'bukan alamat API',
    );
  });
});

describe("the app's client", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  async function firstUrl(): Promise<string> {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ status: 'OK', results: { list: [] } })));
    vi.stubGlobal('fetch', fetch);
    vi.resetModules();
    const { api } = await import('../../src/api/api');
    await api.request('kotaPopuler', {});
    return String((fetch.mock.calls[0] as unknown[])[0]);
  }

  it('calls the chosen environment’s base', async () => {
    vi.stubEnv('VITE_API_ENV', 'staging');
    vi.stubEnv('VITE_API_URL_STAGING', 'https://staging.berangkat.test/api');
    expect(await firstUrl()).toBe('https://staging.berangkat.test/api/kota-populer');
  });

  it('calls /api on its own origin when none is chosen', async () => {
    vi.stubEnv('VITE_API_ENV', '');
    expect(await firstUrl()).toBe('/api/kota-populer');
  });
});
