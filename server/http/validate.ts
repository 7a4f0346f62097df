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

/**
 * The client closed its connection before its body arrived whole: nobody waits for an answer,
 * and nothing failed on the server, so it is logged as an abort (status 499), never as a 500.
 */
export class ClientAbortError extends Error {
  constructor(cause: unknown) {
    super('Klien menutup koneksi sebelum body selesai dikirim', { cause });
    this.name = 'ClientAbortError';
  }
}

/**
 * The body as text, refused (413) as soon as its bytes (not its characters) pass the limit. A
 * declared Content-Length over the limit is refused before reading anything; a chunked body
 * is read as a stream and counted chunk by chunk, so the rest of an oversized upload is never
 * held in memory (the server drains and closes the connection after the 413).
 */
async function readBodyText(c: Context, maxBytes: number): Promise<string> {
  const declared = c.req.header('content-length');
  if (declared !== undefined) {
    if (!/^\s*\d+\s*$/.test(declared)) throw badRequest('Permintaan tidak valid. Content-Length tidak valid');
    if (Number(declared) > maxBytes) throw tooLarge();
  }
  const stream = c.req.raw.body;
  if (!stream) return '';
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      throw new ClientAbortError(error);
    }
    if (chunk.done) break;
    total += chunk.value.byteLength;
    if (total > maxBytes) {
      // Stop reading here; what is still on its way is discarded, never buffered.
      reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(chunk.value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
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
