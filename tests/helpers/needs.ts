import { existsSync } from 'node:fs';
import { describe, it } from 'vitest';
import { HAPROXY_PATH } from '../../scripts/haproxy';

/**
 * Services some tests need beyond the embedded database. Without one, its tests are registered as
 * skipped with the reason in their title, so `npm test` counts and names them instead of a green
 * run silently leaving them out.
 */
export const NEEDS = {
  postgres: { available: Boolean(process.env.TEST_DATABASE_URL), reason: 'no PostgreSQL (TEST_DATABASE_URL unset)' },
  redis: { available: Boolean(process.env.TEST_REDIS_URL), reason: 'no Redis (TEST_REDIS_URL unset)' },
  // npm test installs Debian's package when root (scripts/haproxy.ts); the reason says what failed.
  haproxy: {
    available: existsSync(HAPROXY_PATH),
    reason: `no HAProxy at ${HAPROXY_PATH} (not root or apt-get failed: apt-get install haproxy)`,
  },
} as const;

export type Need = keyof typeof NEEDS;

/** The mark scripts/test.ts reads back: `[skipped: <reason>]`. */
export const skipMark = (reason: string) => `[skipped: ${reason}]`;

/** A suite that runs only with the service(s); without one, skipped and marked with its reason. */
export function describeNeeding(need: Need | readonly Need[], title: string, fn: () => void): void {
  const missing = (typeof need === 'string' ? [need] : need).map((n) => NEEDS[n]).find((n) => !n.available);
  describe.skipIf(missing !== undefined)(missing ? `${title} ${skipMark(missing.reason)}` : title, fn);
}

/** One test that runs only with the service; without it, skipped and marked with the reason. */
export function itNeeding(need: Need, title: string, fn: () => Promise<void> | void, timeout?: number): void {
  const { available, reason } = NEEDS[need];
  it.skipIf(!available)(available ? title : `${title} ${skipMark(reason)}`, fn, timeout);
}
