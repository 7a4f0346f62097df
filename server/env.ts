import { z } from 'zod';
import { DEFAULT_BASIC_CREDENTIALS, DateSchema, FLASH_SALE_PURCHASES_PER_CARD, type Platform } from '../contract';
import { DEFAULT_CONFIG, type ProductConfig } from './services/config';
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

const EnvSchema = z.object({
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
   * Proxies in front of this process that append to X-Forwarded-For (the cluster's proxy: 1). Unset,
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
  config: ProductConfig;
  /** Null when no Midtrans server key is set (the simulator in demo mode; refused in production). */
  midtrans: { serverKey: string; clientKey: string | undefined; baseUrl: string } | null;
}

/** Reads and checks the environment once; a bad value stops start-up with a clear message. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty variables count as unset (e.g. `DATABASE_URL= npm start`).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
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
