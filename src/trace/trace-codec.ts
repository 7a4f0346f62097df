import type { DiffOp } from '../../contract/support';
import { cyrb53 } from '../../machines/digest';

/**
 * What a trace stores is JSON: events and snapshots are turned into plain data (an Error keeps
 * its name and message), compared through a canonical form, and kept as changes between steps.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const ERROR_TAG = '__error';

interface EncodedError {
  [ERROR_TAG]: { name: string; message: string };
}

function isEncodedError(value: unknown): value is EncodedError {
  return value !== null && typeof value === 'object' && ERROR_TAG in value;
}

/** Plain JSON of anything a machine holds: errors kept by name, functions and undefined dropped. */
export function toJson(value: unknown, seen = new WeakSet<object>()): Json {
  if (value === null) return null;
  if (value instanceof Error) return { [ERROR_TAG]: { name: value.name, message: value.message } };
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'object': {
      if (seen.has(value)) return null;
      seen.add(value);
      if (Array.isArray(value)) {
        const items = value.map((item) => (item === undefined ? null : toJson(item, seen)));
        seen.delete(value);
        return items;
      }
      if (value instanceof Date) return value.toISOString();
      // Live actor references (in a running snapshot's children) are not data.
      if ('send' in value && typeof (value as { send: unknown }).send === 'function') return null;
      const out: Record<string, Json> = {};
      for (const [key, child] of Object.entries(value)) {
        if (child === undefined || typeof child === 'function') continue;
        out[key] = toJson(child, seen);
      }
      seen.delete(value);
      return out;
    }
    default:
      return null;
  }
}

/** Error classes the machines tell apart (instanceof); anything else comes back as an Error. */
export type ErrorClasses = Readonly<Record<string, new (message: string) => Error>>;

/** The live form of stored data: encoded errors become errors again. */
export function fromJson(value: Json | unknown, classes: ErrorClasses = {}): unknown {
  if (isEncodedError(value)) {
    const { name, message } = value[ERROR_TAG];
    const ErrorClass = classes[name] ?? Error;
    const error = new ErrorClass(message);
    if (!(name in classes)) error.name = name;
    return error;
  }
  if (Array.isArray(value)) return value.map((item) => fromJson(item, classes));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, fromJson(child, classes)]));
  }
  return value;
}

/** JSON with sorted keys: the same data always reads the same. */
export function stableStringify(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableStringify(value[key] as Json)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A trace only needs to notice a difference between snapshots, not resist forgery. */
export const digestOf = cyrb53;

/**
 * Fields left out of the comparison: the reservation's fingerprint is a hash of the booking
 * with the real names, so the masked replay cannot reach the same value (it is masked to '#').
 */
const UNCOMPARED_KEYS = new Set(['reservationFingerprint']);

export function comparable(value: Json): Json {
  if (Array.isArray(value)) return value.map(comparable);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, Json> = {};
    for (const [key, child] of Object.entries(value)) {
      out[key] = UNCOMPARED_KEYS.has(key) && child !== null ? '#' : comparable(child);
    }
    return out;
  }
  return value;
}

export function snapshotDigest(snapshot: Json): string {
  return digestOf(stableStringify(comparable(snapshot)));
}

type Path = (string | number)[];

const isObject = (value: Json): value is { [key: string]: Json } =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The changes that turn `before` into `after` (arrays of another length are replaced whole). */
export function diffJson(before: Json, after: Json, path: Path = [], out: DiffOp[] = []): DiffOp[] {
  if (before === after) return out;
  if (isObject(before) && isObject(after)) {
    for (const key of Object.keys(before)) {
      if (!(key in after)) out.push({ p: [...path, key], d: true });
    }
    for (const [key, value] of Object.entries(after)) {
      if (key in before) diffJson(before[key] as Json, value, [...path, key], out);
      else out.push({ p: [...path, key], v: value });
    }
    return out;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    after.forEach((value, index) => diffJson(before[index] as Json, value, [...path, index], out));
    return out;
  }
  if (stableStringify(before) !== stableStringify(after)) out.push({ p: path, v: after });
  return out;
}

function cloneJson(value: Json): Json {
  return value === null || typeof value !== 'object' ? value : (JSON.parse(JSON.stringify(value)) as Json);
}

/** `base` with the changes applied (a new value; `base` is left as it was). */
export function applyDiff(base: Json, ops: readonly DiffOp[]): Json {
  let root = cloneJson(base);
  for (const op of ops) {
    if (op.p.length === 0) {
      root = 'd' in op ? null : cloneJson(op.v as Json);
      continue;
    }
    let parent: Json = root;
    for (const key of op.p.slice(0, -1)) {
      const next: Json | undefined = (parent as Record<string | number, Json>)[key];
      if (next === undefined || next === null || typeof next !== 'object') break;
      parent = next;
    }
    const last = op.p[op.p.length - 1] as string | number;
    const container = parent as Record<string | number, Json>;
    if ('d' in op) delete container[last];
    else container[last] = cloneJson(op.v as Json);
  }
  return root;
}
