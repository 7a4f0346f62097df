import type { Context } from 'hono';
import type { z } from 'zod';
import { describeIssues } from '../../contract';
import { ApiError, badRequest } from '../services/errors';

/** Largest JSON body the API reads; a price check is a few hundred bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The query string as an object. A query cannot say "absent", so an empty value (`?page=`)
 * counts as missing and the schema's default or "required" message applies.
 */
function readQuery(c: Context): Record<string, string> {
  const query = c.req.query();
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

const tooLarge = () => new ApiError(413, 'REQ-1', 'Permintaan tidak valid. Body terlalu besar');

/** The body as text, refused (413) when its bytes (not its characters) pass the limit. */
async function readBodyText(c: Context, maxBytes: number): Promise<string> {
  const length = Number(c.req.header('content-length') ?? '0');
  if (length > maxBytes) throw tooLarge();
  const bytes = await c.req.arrayBuffer();
  if (bytes.byteLength > maxBytes) throw tooLarge();
  return new TextDecoder().decode(bytes);
}

async function readJson(c: Context, maxBytes: number): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiError(415, 'REQ-1', 'Permintaan tidak valid. Body harus JSON (Content-Type: application/json)');
  }
  const text = await readBodyText(c, maxBytes);
  if (text.trim() === '') throw badRequest('Permintaan tidak valid. Body JSON kosong');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('Permintaan tidak valid. Body bukan JSON yang benar');
  }
}

/**
 * A form-encoded body (spec: customer-update-data) as an object of strings. A key sent twice is
 * refused: which of the two would count is anybody's guess.
 */
async function readForm(c: Context, maxBytes: number): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) {
    throw new ApiError(
      415,
      'REQ-1',
      'Permintaan tidak valid. Body harus form (Content-Type: application/x-www-form-urlencoded)',
    );
  }
  const form: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(await readBodyText(c, maxBytes))) {
    if (Object.hasOwn(form, key)) throw badRequest(`Permintaan tidak valid. ${key} dikirim lebih dari sekali`);
    // An empty field counts as missing, as in a query string.
    if (value !== '') form[key] = value;
  }
  return form;
}

/** PostgreSQL text cannot hold NUL: such input is refused here rather than failing in the database. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  const children = Array.isArray(value) ? value : [...Object.keys(value), ...Object.values(value)];
  return children.some((child: unknown) => holdsNul(child, depth + 1));
}

/** Parses the query (GET) or the JSON or form body (POST) with the endpoint's contract schema, or answers 400 REQ-1. */
export async function readInput<S extends z.ZodType>(
  c: Context,
  method: 'GET' | 'POST',
  schema: S,
  body: 'json' | 'form' = 'json',
  maxBytes: number = MAX_BODY_BYTES,
): Promise<z.output<S>> {
  const raw =
    method === 'GET' ? readQuery(c) : body === 'form' ? await readForm(c, maxBytes) : await readJson(c, maxBytes);
  if (holdsNul(raw)) throw badRequest('Permintaan tidak valid. Ada karakter yang tidak diizinkan');
  const parsed = await schema.safeParseAsync(raw);
  if (!parsed.success) throw badRequest(describeIssues(parsed.error));
  return parsed.data;
}
