import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Runs a raw statement on either driver and returns its rows. PGlite answers `{ rows }`,
 * postgres.js an array; the statements cast every column (`::int`, `::text`, `to_char`) so
 * both drivers hand back the same JS types.
 */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}

/** json/jsonb columns arrive parsed from both drivers today; this keeps a string from breaking us. */
export function fromJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** A JS list as a SQL array literal of bound parameters: `ARRAY[$1, $2]::text[]`. */
export function textArray(values: readonly string[]): SQL {
  if (values.length === 0) return sql`ARRAY[]::text[]`;
  return sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

export function intList(values: readonly number[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}::int`),
    sql`, `,
  );
}

/** `%text%` for ILIKE with the user's own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
