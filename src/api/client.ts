import type { z } from 'zod';
import type { EndpointInput, EndpointName, EndpointResults } from '../../contract/api';
import type { Endpoint } from '../../contract/endpoint';
import { ENDPOINT_AREA, type EndpointArea } from '../../contract/endpoint-areas';
import { ErrorEnvelopeSchema, OK, describeIssues, envelope, type ErrorCode } from '../../contract/envelope';
import { API_BASE, HEADER, USER_ID_LENGTH, type Platform } from '../../contract/platform';

/**
 * Each area's calls, loaded with the first call into it: building the wire's schemas is a large part
 * of the app's start on a phone, and a page builds only those of the areas it calls.
 */
const AREA_TABLES: { readonly [A in EndpointArea]: () => Promise<Readonly<Record<string, Endpoint>>> } = {
  points: async () => (await import('../../contract/endpoints/points')).pointsEndpoints,
  schedules: async () => (await import('../../contract/endpoints/schedules')).schedulesEndpoints,
  booking: async () => (await import('../../contract/endpoints/booking')).bookingEndpoints,
  payment: async () => (await import('../../contract/endpoints/payment')).paymentEndpoints,
  order: async () => (await import('../../contract/endpoints/order')).orderEndpoints,
  account: async () => (await import('../../contract/endpoints/account')).accountEndpoints,
  souvenir: async () => (await import('../../contract/endpoints/souvenir')).souvenirEndpoints,
  content: async () => (await import('../../contract/endpoints/content')).contentEndpoints,
  flashsale: async () => (await import('../../contract/endpoints/flashsale')).flashsaleEndpoints,
  support: async () => (await import('../../contract/endpoints/support')).supportEndpoints,
};
const areaLoads = new Map<EndpointArea, Promise<Readonly<Record<string, Endpoint>>>>();

/**
 * The one HTTP client of the app. Every call goes through `request(name, input)`: the call's area
 * table (AREA_TABLES above) gives method, path and schemas; every reply is parsed with
 * `envelope(results)`, so the caller gets typed results or an ApiError, never a crash.
 */

/** Codes an ApiError carries: the server's codes, plus two the client raises itself. */
export type ApiErrorCode = ErrorCode | 'NETWORK' | 'BAD_REPLY';

/** Spec section 8: a network failure returns the text `err`. */
export const NETWORK_ERROR_MESSAGE = 'err';
export const BAD_REPLY_MESSAGE = 'Balasan server tidak dapat dibaca';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** Server error code (REQ-1, RSV-2, ...), NETWORK when no reply came, BAD_REPLY when it did not parse. */
  readonly code: ApiErrorCode;
  /** HTTP status of the reply; 0 when there was none (network failure, request not sent). */
  readonly status: number;

  constructor(code: ApiErrorCode, status: number, message: string) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface BasicPair {
  user: string;
  password: string;
}
export type BasicCredentials = Record<Platform, BasicPair>;
/**
 * Where a guest call's basic pair comes from: a fixed table, or a look-up that may wait (a
 * native host hands its app's pair at run time) and may have none for an app platform.
 */
export type CredentialSource =
  BasicCredentials | ((platform: Platform) => BasicPair | null | Promise<BasicPair | null>);

export interface ApiClientOptions {
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  baseUrl?: string;
  getPlatform: () => Platform;
  /** Customer token (cookie `_atx` or page meta `auth`); null for guests. */
  getToken: () => string | null;
  /**
   * The basic pair of a guest call. A platform without one (an app whose host never handed it
   * over) is sent as WEB with the web pair: the server checks the platform and the pair together.
   */
  credentials: CredentialSource;
  /** Spec section 8: a network failure is logged. */
  onNetworkError?: (error: unknown, name: EndpointName) => void;
  /**
   * The server refused this bearer token (401 AUT-3: unknown, expired or revoked). The app drops
   * it; the call is then repeated once as a guest.
   */
  onTokenRefused?: (token: string) => void;
  /** The native host's version code (spec section 7), sent with every call once known. */
  getVersionCode?: () => string | null;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Headers of this call only, on top of the app's (the reservation's idempotency key). */
  headers?: Record<string, string>;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A fresh random alphanumeric user id for the x-user-id header (one per request). */
export function generateUserId(length: number = USER_ID_LENGTH): string {
  // Rejection sampling: bytes >= 248 are dropped so each of the 62 characters is equally likely.
  const limit = 256 - (256 % ALPHANUMERIC.length);
  let id = '';
  while (id.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte >= limit) continue;
      id += ALPHANUMERIC[byte % ALPHANUMERIC.length];
      if (id.length === length) break;
    }
  }
  return id;
}

function base64(text: string): string {
  // btoa takes Latin-1 only: go through UTF-8 bytes so any password survives.
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function basicAuthorization(user: string, password: string): string {
  return `Basic ${base64(`${user}:${password}`)}`;
}

function queryValue(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (Array.isArray(value)) return value.length ? value.map(String).join(',') : null;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** `{ a: 1, b: undefined, c: [x, y] }` -> `?a=1&c=x,y` (flags as 1/0, lists comma-separated). */
export function toQueryString(input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    const text = queryValue(value);
    if (text !== null) params.append(key, text);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The call's method, path and schemas. An area that cannot be fetched (the phone went offline before
 * its first call) is a network failure like any other, and the next call fetches it again.
 */
async function endpointOf(name: EndpointName): Promise<Endpoint> {
  const area = ENDPOINT_AREA[name];
  let load = areaLoads.get(area);
  if (!load) {
    load = AREA_TABLES[area]();
    areaLoads.set(area, load);
    load.catch(() => areaLoads.delete(area));
  }
  let table: Readonly<Record<string, Endpoint>>;
  try {
    table = await load;
  } catch {
    throw new ApiError('NETWORK', 0, NETWORK_ERROR_MESSAGE);
  }
  const endpoint = table[name];
  // ENDPOINT_AREA is typechecked against the areas' tables: a miss is a broken build.
  if (!endpoint) throw new Error(`${name} is not in the ${area} calls`);
  return endpoint;
}

const replySchemas = new Map<EndpointName, z.ZodType>();
function replySchema(name: EndpointName, endpoint: Endpoint): z.ZodType {
  let schema = replySchemas.get(name);
  if (!schema) {
    schema = envelope(endpoint.results);
    replySchemas.set(name, schema);
  }
  return schema;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export interface ApiClient {
  request<N extends EndpointName>(
    name: N,
    input: EndpointInput<N>,
    options?: RequestOptions,
  ): Promise<EndpointResults<N>>;
  /** The headers a call made now would carry (a guest's when `token` is null). */
  headers(token?: string | null): Promise<Record<string, string>>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? API_BASE;

  const credentialsOf = (platform: Platform) => {
    const source = options.credentials;
    return typeof source === 'function' ? source(platform) : source[platform];
  };

  /** The platform a guest call goes as, and its pair. */
  async function guest(): Promise<{ platform: Platform; basic: BasicPair }> {
    const platform = options.getPlatform();
    const own = await credentialsOf(platform);
    if (own) return { platform, basic: own };
    const web = await credentialsOf('WEB');
    if (!web) throw new ApiError('NETWORK', 0, NETWORK_ERROR_MESSAGE);
    return { platform: 'WEB', basic: web };
  }

  async function headers(token: string | null = options.getToken()): Promise<Record<string, string>> {
    const versionCode = options.getVersionCode?.() ?? null;
    // A customer's call carries the bearer token alone: it never waits for a host's pair.
    const sentAs = token ? { platform: options.getPlatform(), basic: null } : await guest();
    return {
      accept: 'application/json',
      [HEADER.userId]: generateUserId(),
      [HEADER.platform]: sentAs.platform,
      [HEADER.authorization]: sentAs.basic
        ? basicAuthorization(sentAs.basic.user, sentAs.basic.password)
        : `Bearer ${token}`,
      ...(versionCode ? { [HEADER.versionCode]: versionCode } : {}),
    };
  }

  interface Reply {
    status: number;
    json: unknown;
  }

  async function send(
    name: EndpointName,
    endpoint: Endpoint,
    raw: Record<string, unknown>,
    token: string | null,
    requestOptions: RequestOptions,
  ): Promise<Reply> {
    const init: RequestInit = {
      method: endpoint.method,
      headers: { ...(await headers(token)), ...requestOptions.headers },
    };
    if (requestOptions.signal) init.signal = requestOptions.signal;
    let url = `${baseUrl}${endpoint.path}`;
    if (endpoint.method === 'GET') {
      url += toQueryString(raw);
    } else if (endpoint.body === 'form') {
      init.headers = { ...init.headers, 'content-type': 'application/x-www-form-urlencoded' };
      init.body = toQueryString(raw).slice(1);
    } else {
      init.headers = { ...init.headers, 'content-type': 'application/json' };
      init.body = JSON.stringify(raw);
    }

    const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(url, init);
      text = await response.text();
    } catch (error) {
      if (isAbort(error) || requestOptions.signal?.aborted) throw error;
      options.onNetworkError?.(error, name);
      throw new ApiError('NETWORK', 0, NETWORK_ERROR_MESSAGE);
    }

    try {
      return { status: response.status, json: JSON.parse(text) };
    } catch {
      throw new ApiError('BAD_REPLY', response.status, BAD_REPLY_MESSAGE);
    }
  }

  function isRefusedToken(reply: Reply): boolean {
    if (reply.status !== 401) return false;
    const asError = ErrorEnvelopeSchema.safeParse(reply.json);
    return asError.success && asError.data.code === 'AUT-3';
  }

  async function request<N extends EndpointName>(
    name: N,
    input: EndpointInput<N>,
    requestOptions: RequestOptions = {},
  ): Promise<EndpointResults<N>> {
    const endpoint = await endpointOf(name);
    const raw = (input ?? {}) as Record<string, unknown>;

    // Spec section 8: lookups with missing parameters fail without a call.
    const checked = endpoint.input.safeParse(raw);
    if (!checked.success) throw new ApiError('REQ-1', 0, describeIssues(checked.error));

    const token = options.getToken();
    let reply = await send(name, endpoint, raw, token, requestOptions);
    if (token && isRefusedToken(reply)) {
      // A stale or wrong token never locks anyone out: forget it and carry on as a guest.
      options.onTokenRefused?.(token);
      reply = await send(name, endpoint, raw, null, requestOptions);
    }
    const { status, json } = reply;

    const parsed = replySchema(name, endpoint).safeParse(json);
    if (!parsed.success) {
      // An error envelope is still an error envelope even if its results schema would not match.
      const asError = ErrorEnvelopeSchema.safeParse(json);
      if (asError.success) throw new ApiError(asError.data.code, status, asError.data.message);
      throw new ApiError('BAD_REPLY', status, BAD_REPLY_MESSAGE);
    }
    const envelopeReply = parsed.data as { status: string; results?: unknown; code?: ErrorCode; message?: string };
    if (envelopeReply.status !== OK) {
      throw new ApiError(envelopeReply.code ?? 'SRV-1', status, envelopeReply.message ?? BAD_REPLY_MESSAGE);
    }
    // The envelope schema above was built from the endpoint's results, so this is its output type.
    return envelopeReply.results as EndpointResults<N>;
  }

  return { request, headers };
}
