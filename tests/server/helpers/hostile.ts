import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../server/db/client';
import { queryRows } from '../../../server/services/sql';

/** Generators of hostile request parts for the property suites, and a database digest. */

/** Strings an attacker tries: SQL, HTML, path tricks, unicode edge cases, numbers in disguise. */
export const HOSTILE_SNIPPETS = [
  "' OR '1'='1",
  "'; DROP TABLE orders; --",
  '1; SELECT pg_sleep(5)',
  '" OR ""="',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${jndi:ldap://x/a}',
  '../../etc/passwd',
  '%00',
  '%',
  '%ZZ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFFx',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  '😀👨‍👩‍👧‍👦',
  '\u200B',
  '\uFEFF1',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '-0',
  '0',
  '1.5',
  '0x1F',
  '9'.repeat(40),
  ' ',
  '\t\n',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'kota',
  'cabang',
  '2026-11-24',
  '9999-12-31',
  '0000-00-00',
  '2026-02-30',
  '+010000-01-01',
  'XTR',
  'XTR-BDG-JKT-0800',
  'CS-ABCDEF',
  // Plausible values, so that some requests get past the first check and reach deeper code.
  '1',
  '2',
  '3',
  '40',
  '62',
  '63',
  '2026-11-23',
  '2026-11-25',
  'otp',
  'telp',
  'email',
  '081234567890',
  'rina@contoh.id',
  '2147483648',
  '9007199254740991',
  '-5',
];

/**
 * A plausible query or form value for a field, by its name: a request made of these gets past
 * the first checks, so that one hostile field among them reaches the code behind.
 */
export function plausibleValue(field: string): string {
  if (field === 'tipe') return 'telp';
  if (/_id$/.test(field)) return '1';
  if (/tipe$/.test(field)) return 'kota';
  if (/^tanggal|^date$/.test(field)) return '2026-11-25';
  if (/^operator|operator_kode$/.test(field)) return 'XTR';
  if (/^jadwal_kode|^schedule_code$/.test(field)) return 'XTR-BDG-JKT-0800';
  if (/^flag_|^show_connecting$/.test(field)) return '1';
  if (/amount|bayar|^harga|admin_fee/.test(field)) return '150000';
  if (/telp$/.test(field)) return '081234567890';
  if (/email$/.test(field)) return 'rina@contoh.id';
  const fixed: Record<string, string> = { jumlah_hari: '7', page: '1', per_page: '10', sort: 'harga', auth: 'otp' };
  return fixed[field] ?? 'a';
}

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_SNIPPETS), weight: 5 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 2 },
  { arbitrary: fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'A'.repeat(n)), weight: 1 },
  { arbitrary: fc.integer({ min: 100, max: 3_000 }).map((n) => '😀'.repeat(n)), weight: 1 },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 1, 2, 1.5, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 1e308, -1e308, Number.MIN_VALUE),
);

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  { arbitrary: hostileNumber, weight: 3 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
);

/** Any JSON-ish value: leaves, arrays, objects (with hostile keys), nested a few levels. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: leaf, weight: 6 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
    {
      arbitrary: fc.dictionary(fc.oneof(hostileString, fc.constant('__proto__')), tie('value'), { maxKeys: 3 }),
      weight: 1,
    },
  ),
})).value;

/** The top-level field names of an input schema (an object, possibly refined). */
export function fieldsOf(schema: z.ZodType): string[] {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

/** Percent-encodes like encodeURIComponent, but keeps a lone surrogate as its raw (invalid) UTF-8 bytes. */
export function encodeLoose(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

/** A header value a client can send (latin-1, no control characters), from any string. */
export function headerSafe(value: string): string {
  return [...value]
    .map((ch) => {
      const code = ch.charCodeAt(0);
      return code < 0x20 || code === 0x7f || code > 0xff ? '?' : ch;
    })
    .join('')
    .slice(0, 4000);
}

/**
 * Every table's row count and an md5 of all its rows' text, keyed by table name: equal digests
 * mean nothing was inserted, changed or deleted.
 */
export async function databaseDigest(db: Database): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT table_name::text AS name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const digest: Record<string, string> = {};
  for (const { name } of tables) {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    const [row] = await queryRows<{ n: number; h: string | null }>(
      db,
      sql.raw(`SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS h FROM ${quoted} t`),
    );
    digest[name] = `${row?.n ?? 0}:${row?.h ?? ''}`;
  }
  return digest;
}

/** The tables whose digest differs between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

/** A stack frame, a source path or an internal error name: what a reply body must never show. */
export const LEAK_PATTERN =
  /\n\s+at\s|\bat\s[\w.<>]+\s\(|\/work\/|\/home\/|\/usr\/|node_modules|\.tsx?:\d+|\.m?js:\d+|TypeError|RangeError|ReferenceError|SyntaxError:|PostgresError|error: relation|drizzle/i;
