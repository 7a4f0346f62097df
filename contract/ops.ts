import { z } from 'zod';

/**
 * The operator's calls: outside the endpoint table because they answer without credentials (a load
 * balancer or an orchestrator sends none) and belong to no screen of the app.
 */
export const OPS_PATH = {
  /** Alive: 200 while the process runs, draining included (a failing liveness check gets it killed mid-drain). */
  health: '/health',
  /** Ready for traffic: the database, Redis (when configured) and the migrations; 503 SRV-4 while draining. */
  ready: '/ready',
} as const;

export const HealthResultsSchema = z.object({ ok: z.literal(true) });

export const ReadyResultsSchema = z.object({
  database: z.literal('ok'),
  /** `tidak dipakai`: no REDIS_URL, every process counts its own limits. */
  redis: z.enum(['ok', 'tidak dipakai']),
  /** Migrations this build ships, all applied; `terapan` also counts those a newer build applied. */
  migrasi: z.object({ build: z.number().int(), terapan: z.number().int() }),
});
export type ReadyResults = z.infer<typeof ReadyResultsSchema>;

/** Names one request in the logs and in its reply (`X-Request-Id`). */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a trusted proxy may hand in: the forms load balancers write (UUIDs, nginx's 32 hex digits,
 * Heroku's and Envoy's) fit; anything else, and every id a client wrote itself, is replaced.
 */
export const RequestIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:+=@/-]{7,127}$/);
