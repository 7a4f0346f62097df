import { z } from 'zod';

/**
 * Support traces: what a customer's booking flow did, as the machines saw it (events in order,
 * the inputs the API gave them, the snapshots they reached). Personal data is replaced by
 * shape-keeping placeholders before anything enters a trace (src/trace/personal-data.ts), so a
 * stored trace names nobody. Beyond the spec: support tooling (issue 10).
 */

export const TRACE_FORMAT = 'berangkat-trace';
export const TRACE_FORMAT_VERSION = 1;

/** Largest trace the API stores, in bytes of the JSON body (the recorder keeps below it). */
export const TRACE_MAX_BYTES = 512 * 1024;
/** Steps a lane keeps; older ones fold into the lane's start snapshot. */
export const TRACE_MAX_STEPS = 600;
/** A stored trace is deleted this many days after it was sent. */
export const TRACE_RETENTION_DAYS = 30;
/** The call centre's WhatsApp number (international, digits); deployments set VITE_CALL_CENTER_WHATSAPP. */
export const CALL_CENTER_WHATSAPP = '6281100001111';

/** Traces one client may send per hour. */
export const TRACE_SENDS_PER_HOUR = 10;

/** `CS-` and six characters of Crockford's base 32: read out over the phone without confusion. */
export const SUPPORT_CODE_PATTERN = /^CS-[0-9A-HJKMNP-TV-Z]{6}$/;

export const SUPPORT_MESSAGE = {
  notSupport: 'Halaman ini hanya untuk tim CS',
  notFound: 'Kode CS tidak ditemukan atau sudah kedaluwarsa',
  badCode: 'Kode CS tidak valid',
  tooLarge: 'Catatan terlalu besar untuk dikirim',
  badTrace: 'Catatan tidak dapat dibaca',
} as const;

/** One change between two snapshots: set `v` at path `p`, or delete it (`d`). */
export const DiffOpSchema = z.union([
  z.object({ p: z.array(z.union([z.string(), z.number()])), v: z.unknown() }),
  z.object({ p: z.array(z.union([z.string(), z.number()])), d: z.literal(true) }),
]);
export type DiffOp = z.infer<typeof DiffOpSchema>;

export const TraceSourceSchema = z.enum(['ui', 'effect', 'timer']);
export type TraceSource = z.infer<typeof TraceSourceSchema>;

export const TraceStepSchema = z.object({
  /** Position since the recording began (steps dropped from the front keep their numbers). */
  i: z.number().int().min(0),
  /** Milliseconds since the recording began. */
  t: z.number().min(0),
  /** Actor ids from the lane's root down to the actor that received the event; [] is the root. */
  target: z.array(z.string()),
  /** ui: the page sent it; effect: an API call or the clock's callback answered; timer: a delay ran out. */
  source: TraceSourceSchema,
  event: z.object({ type: z.string().min(1) }).catchall(z.unknown()),
  /** Random values the app drew while the machine took this step (reservation keys), in order. */
  draws: z.array(z.string()).optional(),
  /** The root's state value after the step. */
  value: z.unknown(),
  /** Digest of the snapshot after the step, as compared on replay. */
  digest: z.string(),
  /** What changed in the persisted snapshot (children included). */
  diff: z.array(DiffOpSchema),
  /** What the machines emitted during the step: navigation, toasts, scroll requests. */
  emitted: z.array(z.object({ type: z.string() }).catchall(z.unknown())),
});
export type TraceStep = z.infer<typeof TraceStepSchema>;

export const TraceLaneSchema = z.object({
  /** booking, order, payment, login, ... */
  name: z.string().min(1).max(40),
  machine: z.object({ id: z.string().min(1), signature: z.string().min(1) }),
  input: z.unknown(),
  /** Persisted snapshot before the first kept step. */
  start: z.unknown(),
  /** Steps folded into `start` to keep the trace bounded. */
  dropped: z.number().int().min(0),
  steps: z.array(TraceStepSchema).max(TRACE_MAX_STEPS),
});
export type TraceLane = z.infer<typeof TraceLaneSchema>;

export const TraceDocumentSchema = z.object({
  format: z.literal(TRACE_FORMAT),
  formatVersion: z.literal(TRACE_FORMAT_VERSION),
  app: z.object({ version: z.string().min(1).max(80) }),
  recordedAt: z.string(),
  savedAt: z.string(),
  layout: z.enum(['m', 'd']),
  platform: z.enum(['WEB', 'APP-ANDROID', 'APP-IOS']),
  /** Path of the page the trace was saved on. */
  route: z.string().max(400),
  lanes: z.array(TraceLaneSchema).min(1).max(12),
});
export type TraceDocument = z.infer<typeof TraceDocumentSchema>;

export const SupportTraceBodySchema = z.object({ trace: TraceDocumentSchema });
export type SupportTraceBody = z.infer<typeof SupportTraceBodySchema>;

export const SupportTraceSentSchema = z.object({
  kode: z.string().regex(SUPPORT_CODE_PATTERN),
  berakhir_pada: z.string(),
});
export type SupportTraceSent = z.infer<typeof SupportTraceSentSchema>;

export const SupportTraceQuerySchema = z.object({
  kode: z
    .string({ error: SUPPORT_MESSAGE.badCode })
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(SUPPORT_CODE_PATTERN, SUPPORT_MESSAGE.badCode)),
});

export const SupportTraceReadSchema = z.object({
  kode: z.string(),
  dibuat_pada: z.string(),
  berakhir_pada: z.string(),
  /** Bytes stored. */
  ukuran: z.number().int().min(0),
  trace: TraceDocumentSchema,
});
export type SupportTraceRead = z.infer<typeof SupportTraceReadSchema>;

/** Who the bearer is to the support tools: only a support account passes (403 AUT-4 otherwise). */
export const SupportAccessSchema = z.object({ peran: z.literal('support'), nama: z.string() });
export type SupportAccess = z.infer<typeof SupportAccessSchema>;
