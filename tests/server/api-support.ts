import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  API_BASE,
  DEFAULT_BASIC_CREDENTIALS,
  HEADER,
  endpoints,
  envelope,
  type EndpointName,
  type EndpointResults,
  type ErrorEnvelope,
  type Platform,
} from '../../contract';
import type { App } from '../../server/app';

/** A random 100-character user id, as the app sends with every call. */
export function userId(): string {
  return randomBytes(75)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, 'x')
    .padEnd(100, 'x')
    .slice(0, 100);
}

export function basic(platform: Platform = 'WEB', override?: { user: string; password: string }): string {
  const { user, password } = override ?? DEFAULT_BASIC_CREDENTIALS[platform];
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

export interface CallOptions {
  /** Replaces the default headers (x-user-id, WEB basic auth) entirely when given. */
  headers?: Record<string, string>;
  bearer?: string;
  platform?: Platform;
}

export function defaultHeaders(options: CallOptions = {}): Record<string, string> {
  if (options.headers) return options.headers;
  const headers: Record<string, string> = { [HEADER.userId]: userId() };
  if (options.platform) headers[HEADER.platform] = options.platform;
  headers[HEADER.authorization] = options.bearer ? `Bearer ${options.bearer}` : basic(options.platform ?? 'WEB');
  return headers;
}

/** A query string from loose values: arrays become comma lists, undefined is left out. */
export function toQuery(input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export type Reply<N extends EndpointName> =
  | { status: number; ok: true; results: EndpointResults<N>; body: unknown }
  | { status: number; ok: false; error: ErrorEnvelope; body: unknown };

/**
 * Calls one contract endpoint and parses the reply with the contract's envelope: a reply that
 * does not parse fails the test right here.
 */
export async function call<N extends EndpointName>(
  app: App,
  name: N,
  input: Record<string, unknown> | string = {},
  options: CallOptions = {},
): Promise<Reply<N>> {
  const endpoint = endpoints[name];
  const headers = defaultHeaders(options);
  let response: Response;
  if (endpoint.method === 'GET') {
    const query = typeof input === 'string' ? input : toQuery(input);
    response = await app.request(`${API_BASE}${endpoint.path}${query}`, { headers });
  } else {
    // Form endpoints (customer-update-data) get their body form-encoded, as the app sends it.
    const form = 'body' in endpoint && endpoint.body === 'form';
    const encoded =
      typeof input === 'string'
        ? input
        : form
          ? new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)])).toString()
          : JSON.stringify(input);
    response = await app.request(`${API_BASE}${endpoint.path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
      body: encoded,
    });
  }
  const body: unknown = await response.json();
  const schema = envelope(endpoint.results as z.ZodType);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new Error(
      `${name}: reply does not match the contract: ${parsed.error.message}\n${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
  const data = parsed.data as { status: 'OK'; results: EndpointResults<N> } | ErrorEnvelope;
  if (data.status === 'OK') {
    if (response.status !== 200) throw new Error(`${name}: OK envelope with HTTP ${response.status}`);
    return { status: response.status, ok: true, results: data.results, body };
  }
  if (response.status < 400) throw new Error(`${name}: error envelope with HTTP ${response.status}`);
  return { status: response.status, ok: false, error: data, body };
}

/** The results of a call that must succeed. */
export async function ok<N extends EndpointName>(
  app: App,
  name: N,
  input: Record<string, unknown> | string = {},
  options: CallOptions = {},
): Promise<EndpointResults<N>> {
  const reply = await call(app, name, input, options);
  if (!reply.ok)
    throw new Error(`${name}: expected OK, got ${reply.status} ${reply.error.code}: ${reply.error.message}`);
  return reply.results;
}

/** The error envelope of a call that must fail with a 4xx. */
export async function fails<N extends EndpointName>(
  app: App,
  name: N,
  input: Record<string, unknown> | string = {},
  options: CallOptions = {},
): Promise<ErrorEnvelope & { httpStatus: number }> {
  const reply = await call(app, name, input, options);
  if (reply.ok) throw new Error(`${name}: expected an error, got OK ${JSON.stringify(reply.results).slice(0, 300)}`);
  if (reply.status >= 500) throw new Error(`${name}: got ${reply.status} ${reply.error.message}`);
  return { ...reply.error, httpStatus: reply.status };
}
