import type { Context, Hono } from 'hono';
import { endpoints, type EndpointName, type EndpointParsedInput, type EndpointResults } from '../../contract';
import { replyOk } from './envelope';
import type { AppEnv } from './types';
import { readInput } from './validate';

export type Handler<N extends EndpointName> = (
  input: EndpointParsedInput<N>,
  c: Context<AppEnv>,
) => Promise<EndpointResults<N>> | EndpointResults<N>;

/**
 * Registers one contract endpoint: its method and path from the `endpoints` table, its input
 * parsed with the contract schema (400 REQ-1 otherwise), its results sent in the OK envelope.
 * An endpoint's aliases are the same route at further paths.
 */
export function defineRoute<N extends EndpointName>(api: Hono<AppEnv>, name: N, handler: Handler<N>): void {
  const endpoint = endpoints[name];
  const paths = [endpoint.path, ...('aliases' in endpoint ? endpoint.aliases : [])];
  api.on(endpoint.method, paths, async (c) => {
    const body = 'body' in endpoint ? endpoint.body : 'json';
    const maxBytes = 'maxBodyBytes' in endpoint ? endpoint.maxBodyBytes : undefined;
    const input = (await readInput(c, endpoint.method, endpoint.input, body, maxBytes)) as EndpointParsedInput<N>;
    return replyOk(c, await handler(input, c));
  });
}
