import { z } from 'zod';
import { DEFAULT_BASIC_CREDENTIALS, DateSchema, FLASH_SALE_PURCHASES_PER_CARD, type Platform } from '../contract';
import type { PoolSettings } from './db/client';
import { DEFAULT_CONFIG, type ProductConfig } from './services/config';
import { WHATSAPP_API_DEFAULT, type SmtpSettings, type WhatsappSettings } from './services/otp-settings';
import { MIDTRANS_SANDBOX_URL } from './services/midtrans';

/** `user:password`; the password may itself hold colons. */
const credentials = (fallback: { user: string; password: string }) =>
  z
    .string()
    .regex(/^[^:]+:.+$/, 'harus berbentuk user:password')
    .optional()
    .transform((value) => {
      if (!value) return fallback;
      const at = value.indexOf(':');
      return { user: value.slice(0, at), password: value.slice(at + 1) };
    });

/** A whole number in [min, max], with the Indonesian messages of the settings. */
const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: 'harus berupa angka' })
    .int('harus bilangan bulat')
    .min(min, `minimal ${min}`)
    .max(max, `maksimal ${max}`);

/** Every setting the server reads; exported for tests/scripts/deploy-files.test.ts (compose, README). */
export const EnvSchema = z.object({
  PORT: z.coerce.number({ error: 'harus berupa angka' }).int().min(1).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'harus diawali postgres:// atau postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BASIC_AUTH_WEB: credentials(DEFAULT_BASIC_CREDENTIALS.WEB),
  BASIC_AUTH_ANDROID: credentials(DEFAULT_BASIC_CREDENTIALS['APP-ANDROID']),
  BASIC_AUTH_IOS: credentials(DEFAULT_BASIC_CREDENTIALS['APP-IOS']),
  /** Fixed "today" (Asia/Jakarta calendar date) for tests and e2e runs. */
  TODAY: DateSchema.optional(),
  NODE_ENV: z.string().optional(),
  /**
   * Demo mode (seeded demo data, simulated payment, development outbox): on unless NODE_ENV is
   * production. Off means production, whatever NODE_ENV says; on together with NODE_ENV=production
   * is refused at start (production-checks.ts).
   */
  DEMO_MODE: z.enum(['1', '0', 'true', 'false'], { error: 'harus 1, 0, true atau false' }).optional(),
  /** Signs order keys; required in production. In demo mode, unset, a secret kept in the database (app_secrets). */
  ORDER_KEY_SECRET: z.string().min(32, 'minimal 32 karakter').optional(),
  /**
   * Seat holds a client may ask for per minute (default 12). A whole e2e suite runs from one
   * address, so its servers raise it; a traveller never comes near the default.
   */
  HOLD_RATE_PER_MINUTE: z.coerce.number({ error: 'harus berupa angka' }).int().min(1).max(100_000).optional(),
  /** Rate limits shared by every process using this Redis; unset, each process counts its own. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'harus diawali redis:// atau rediss://')
    .optional(),
  /** Keys stored one-time codes; required in production. In demo mode, unset, a secret kept in the database. */
  OTP_SECRET: z.string().min(32, 'minimal 32 karakter').optional(),
  /**
   * Multiplies the per-client limits (code requests, sign-ins, order look-ups). A whole e2e suite
   * runs from one address, so its servers raise it; a traveller never comes near the defaults.
   */
  CLIENT_RATE_FACTOR: z.coerce.number({ error: 'harus berupa angka' }).int().min(1).max(10_000).optional(),
  /**
   * Proxies in front of this process that append to X-Forwarded-For (the HAProxy of compose.yaml: 1). Unset,
   * the socket's address is the client: a client could otherwise pick its own rate-limit key.
   */
  TRUST_PROXY_HOPS: z.coerce.number({ error: 'harus berupa angka' }).int().min(0).max(10).optional(),
  /**
   * Live purchases (paid or awaiting payment) of one flash-sale card one buyer may hold in its
   * session; 1 by default. The e2e suite, whose browsers all share one address, raises it.
   */
  FLASH_SALE_PURCHASES_PER_CARD: z.coerce.number({ error: 'harus berupa angka' }).int().min(1).max(1000).optional(),
  /** Feature flags (spec section 3): on unless set to 0 or false. */
  FEATURE_REFUNDABLE: z.enum(['1', '0', 'true', 'false'], { error: 'harus 1, 0, true atau false' }).optional(),
  FEATURE_BERKAH: z.enum(['1', '0', 'true', 'false'], { error: 'harus 1, 0, true atau false' }).optional(),
  FEATURE_POINT: z.enum(['1', '0', 'true', 'false'], { error: 'harus 1, 0, true atau false' }).optional(),
  /**
   * The mail server that sends sign-in codes to email addresses: smtps://user:password@host:465, or
   * smtp://... (STARTTLS, required in production unless the host is this machine). Needs SMTP_FROM.
   */
  SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\/[^/?#]+/,
      'harus diawali smtp:// atau smtps:// lalu nama server, mis. smtps://user:sandi@mail.contoh.id',
    )
    .optional(),
  /** The sender of code emails, e.g. `Berangkat <no-reply@berangkat.id>`. */
  SMTP_FROM: z
    .string()
    .regex(/^[^\r\n]*\S@\S[^\r\n]*$/, 'harus berisi alamat email, mis. Berangkat <no-reply@berangkat.id>')
    .optional(),
  /**
   * WhatsApp Cloud API (Meta) for codes to phones: an access token of the business's system user,
   * the sender's phone number id and an approved authentication template (copy-code button).
   */
  WHATSAPP_TOKEN: z.string().min(8, 'minimal 8 karakter').optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,20}$/, 'harus berupa angka (Phone number ID di WhatsApp Manager)')
    .optional(),
  WHATSAPP_TEMPLATE: z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, 'harus nama template: huruf kecil, angka dan garis bawah')
    .optional(),
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'harus kode bahasa template, mis. id atau en_US')
    .default('id'),
  /** The Graph API with its version; a test points it at a local stand-in. */
  WHATSAPP_API_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#]+(\/[^?#]*)?$/, 'harus alamat http(s):// tanpa ? atau #')
    .default(WHATSAPP_API_DEFAULT),
  /**
   * How long a SIGTERM or SIGINT may take: in-flight requests are answered to the end, then Redis and
   * the database are closed; past it the process exits with code 1. Today's 10 s by default.
   */
  SHUTDOWN_TIMEOUT_MS: wholeNumber(100, 3_600_000).default(10_000),
  /**
   * PostgreSQL only: connections of this process's pool (postgres.js `max`). At least 2: the sweep
   * leader keeps one for its advisory lock (services/sweeps.ts), and requests need another.
   */
  DATABASE_POOL_MAX: wholeNumber(2, 1_000).default(10),
  /** PostgreSQL only: seconds to wait for a new connection (postgres.js `connect_timeout`; 30 unset). */
  DATABASE_CONNECT_TIMEOUT_S: wholeNumber(1, 3_600).optional(),
  /** PostgreSQL only: an idle connection is closed after this many seconds (`idle_timeout`; unset or 0: never). */
  DATABASE_IDLE_TIMEOUT_S: wholeNumber(0, 86_400).optional(),
  /**
   * PostgreSQL only: the server cancels a statement of this process after this many ms (the
   * connection's `statement_timeout`, sent when it opens; unset or 0: no limit of ours).
   */
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(0, 2_147_483_647).optional(),
  /**
   * Midtrans Core API (docs/decisions/0015-midtrans-payment.md). With the server key set, payments
   * go through Midtrans in either mode; production refuses to start without it. The client key is
   * the browser's (card tokens); the base URL is the sandbox unless set.
   */
  MIDTRANS_SERVER_KEY: z.string().min(8, 'minimal 8 karakter').max(200).optional(),
  MIDTRANS_CLIENT_KEY: z.string().min(8, 'minimal 8 karakter').max(200).optional(),
  MIDTRANS_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, 'harus diawali https:// (atau http:// untuk stand-in uji)')
    .default(MIDTRANS_SANDBOX_URL),
  /** The call centre's WhatsApp number, digits with the country code. */
  CALL_CENTER_WHATSAPP: z
    .string()
    .regex(/^\d{8,15}$/, 'harus 8 sampai 15 angka dengan kode negara, mis. 6281100001111')
    .optional(),
});

/** The WhatsApp settings that only work together. */
const WHATSAPP_REQUIRED = ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_TEMPLATE'] as const;

const flagOn = (value: string | undefined) => value === undefined || value === '1' || value === 'true';

export type BasicCredentials = Record<Platform, { user: string; password: string }>;

export interface Env {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  credentials: BasicCredentials;
  today: string | undefined;
  /** NODE_ENV=production. */
  production: boolean;
  /** Demo mode; everything else is production mode, with the checks of production-checks.ts. */
  demo: boolean;
  orderKeySecret: string | undefined;
  holdRatePerMinute: number | undefined;
  redisUrl: string | undefined;
  otpSecret: string | undefined;
  clientRateFactor: number;
  trustProxyHops: number;
  flashSalePurchasesPerCard: number;
  /** The code senders configured; none in demo mode means the development outbox. */
  smtp: SmtpSettings | undefined;
  whatsapp: WhatsappSettings | undefined;
  config: ProductConfig;
  /** Deadline of a graceful shutdown (ms). */
  shutdownTimeoutMs: number;
  /** The PostgreSQL pool of the serving process; PGlite ignores it. */
  databasePool: PoolSettings;
  /** Null when no Midtrans server key is set (the simulator in demo mode; refused in production). */
  midtrans: { serverKey: string; clientKey: string | undefined; baseUrl: string } | null;
}

/** Reads and checks the environment once; a bad value stops start-up with a clear message. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty variables count as unset (e.g. `DATABASE_URL= npm start`).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.superRefine((env, ctx) => {
    // Half a sender is a typo, not a choice: say so in any mode rather than refuse codes later.
    if (env.SMTP_URL && !env.SMTP_FROM)
      ctx.addIssue({ code: 'custom', path: ['SMTP_FROM'], message: 'harus diisi bersama SMTP_URL' });
    if (env.SMTP_FROM && !env.SMTP_URL)
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'harus diisi bersama SMTP_FROM' });
    const given = WHATSAPP_REQUIRED.filter((key) => env[key] !== undefined);
    if (given.length > 0)
      for (const key of WHATSAPP_REQUIRED)
        if (env[key] === undefined)
          ctx.addIssue({ code: 'custom', path: [key], message: `harus diisi bersama ${given.join(', ')}` });
  }).safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new Error(`Konfigurasi environment tidak valid:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const demo =
    env.DEMO_MODE === undefined ? env.NODE_ENV !== 'production' : env.DEMO_MODE === '1' || env.DEMO_MODE === 'true';
  return {
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    logLevel: env.LOG_LEVEL,
    credentials: {
      WEB: env.BASIC_AUTH_WEB,
      'APP-ANDROID': env.BASIC_AUTH_ANDROID,
      'APP-IOS': env.BASIC_AUTH_IOS,
    },
    today: env.TODAY,
    production: env.NODE_ENV === 'production',
    demo,
    orderKeySecret: env.ORDER_KEY_SECRET,
    holdRatePerMinute: env.HOLD_RATE_PER_MINUTE,
    redisUrl: env.REDIS_URL,
    otpSecret: env.OTP_SECRET,
    clientRateFactor: env.CLIENT_RATE_FACTOR ?? 1,
    trustProxyHops: env.TRUST_PROXY_HOPS ?? 0,
    flashSalePurchasesPerCard: env.FLASH_SALE_PURCHASES_PER_CARD ?? FLASH_SALE_PURCHASES_PER_CARD,
    smtp: env.SMTP_URL && env.SMTP_FROM ? { url: env.SMTP_URL, from: env.SMTP_FROM } : undefined,
    whatsapp:
      env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID && env.WHATSAPP_TEMPLATE
        ? {
            apiUrl: env.WHATSAPP_API_URL,
            token: env.WHATSAPP_TOKEN,
            phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
            template: env.WHATSAPP_TEMPLATE,
            language: env.WHATSAPP_TEMPLATE_LANGUAGE,
          }
        : undefined,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    databasePool: {
      max: env.DATABASE_POOL_MAX,
      connectTimeoutS: env.DATABASE_CONNECT_TIMEOUT_S,
      idleTimeoutS: env.DATABASE_IDLE_TIMEOUT_S,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    midtrans: env.MIDTRANS_SERVER_KEY
      ? { serverKey: env.MIDTRANS_SERVER_KEY, clientKey: env.MIDTRANS_CLIENT_KEY, baseUrl: env.MIDTRANS_BASE_URL }
      : null,
    config: {
      ...DEFAULT_CONFIG,
      mode: demo ? 'demo' : 'produksi',
      features: {
        refundable: flagOn(env.FEATURE_REFUNDABLE),
        berkah: flagOn(env.FEATURE_BERKAH),
        point: flagOn(env.FEATURE_POINT),
      },
      callCenter: {
        ...DEFAULT_CONFIG.callCenter,
        whatsapp: env.CALL_CENTER_WHATSAPP ?? DEFAULT_CONFIG.callCenter.whatsapp,
      },
    },
  };
}
