import { z } from 'zod';

/** One call of the API: both the client and the server read its schemas. */
export const noInput = () => z.object({});

export interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
  input: z.ZodType;
  results: z.ZodType;
  /** How a POST body travels: JSON unless the spec says form-encoded. */
  body?: 'json' | 'form';
  /** A larger body limit than the API's default, in bytes (support traces). */
  maxBodyBytes?: number;
  /** Further paths the server answers identically (the spec names some calls without `{prefix}`). */
  aliases?: readonly string[];
}

export const get = <I extends z.ZodType, R extends z.ZodType>(path: string, input: I, results: R) =>
  ({ method: 'GET', path, input, results }) as const satisfies Endpoint;
export const post = <I extends z.ZodType, R extends z.ZodType>(path: string, input: I, results: R) =>
  ({ method: 'POST', path, input, results, body: 'json' }) as const satisfies Endpoint;
/** A POST whose body is `application/x-www-form-urlencoded` (spec: customer-update-data). */
export const postForm = <I extends z.ZodType, R extends z.ZodType>(path: string, input: I, results: R) =>
  ({ method: 'POST', path, input, results, body: 'form' }) as const satisfies Endpoint;

/** The same call also answered at `paths` (one handler, one schema). */
export const alsoAt = <E extends Endpoint, const P extends readonly string[]>(endpoint: E, ...paths: P) =>
  ({ ...endpoint, aliases: paths }) as const;
