import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpoints, type EndpointName } from '../../contract/api';
import { ENDPOINT_AREA } from '../../contract/endpoint-areas';
import { DEFAULT_BASIC_CREDENTIALS } from '../../contract/platform';

const POINTS_OK = { status: 'OK', results: { page: 1, per_page: 10, total: 0, list: [] } };

const POINTS = '../../contract/endpoints/points';

afterEach(() => {
  vi.doUnmock(POINTS);
  vi.resetModules();
});

async function freshClient() {
  const { createApiClient } = await import('../../src/api/client');
  const fetchImpl = vi.fn(async () => new Response(JSON.stringify(POINTS_OK), { status: 200 }));
  const client = createApiClient({
    fetch: fetchImpl as unknown as typeof fetch,
    getPlatform: () => 'WEB',
    getToken: () => null,
    credentials: DEFAULT_BASIC_CREDENTIALS,
  });
  return { client, fetchImpl };
}

describe('the calls of each area, loaded with the first call into it', () => {
  it('names, for every call the server serves, an area whose table holds that same call', async () => {
    const areas = new Set(Object.values(ENDPOINT_AREA));
    const tables = new Map<string, Record<string, unknown>>();
    for (const area of areas) {
      const module = (await import(`../../contract/endpoints/${area}.ts`)) as Record<string, Record<string, unknown>>;
      tables.set(area, module[`${area}Endpoints`] ?? {});
    }
    for (const name of Object.keys(endpoints) as EndpointName[]) {
      expect(tables.get(ENDPOINT_AREA[name])?.[name], name).toBe(endpoints[name]);
    }
    expect(Object.keys(ENDPOINT_AREA).sort()).toEqual(Object.keys(endpoints).sort());
  });

  it('answers an area that cannot be fetched as a network failure, and fetches it again on the next call', async () => {
    // The points area's chunk cannot be fetched, as when the phone is offline.
    vi.resetModules();
    vi.doMock(POINTS, () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { client, fetchImpl } = await freshClient();
    await expect(client.request('searchPointAsal', { text: 'ban' })).rejects.toMatchObject({
      name: 'ApiError',
      code: 'NETWORK',
      message: 'err',
    });
    expect(fetchImpl).not.toHaveBeenCalled();

    vi.doUnmock(POINTS);
    await expect(client.request('searchPointAsal', { text: 'ban' })).resolves.toEqual(POINTS_OK.results);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
