/**
 * Midtrans Core API adapter (docs/decisions/0015-midtrans-payment.md): plain fetch with a timeout
 * on every call, replies parsed with zod. It knows Midtrans's wire only; what a status means for an
 * order is gateway-payments.ts's business.
 * - POST {base}/v2/charge, Basic auth with the server key as user and an empty password;
 * - GET {base}/v2/{order_id}/status;
 * - notifications are signed: signature_key = SHA-512(order_id + status_code + gross_amount + server key).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const MIDTRANS_SANDBOX_URL = 'https://api.sandbox.midtrans.com';
export const MIDTRANS_PRODUCTION_URL = 'https://api.midtrans.com';
/** A gateway call that has not answered by then is a failed call, never a hung request. */
export const MIDTRANS_TIMEOUT_MS = 10_000;

export interface MidtransConfig {
  serverKey: string;
  /** The browser's key for the card token step; without it the card is not offered. */
  clientKey?: string;
  baseUrl: string;
  timeoutMs?: number;
}

/** How each method of ours is charged; methods missing here are not offered through Midtrans. */
type ChargeKind =
  | { payment_type: 'bank_transfer'; bank: 'bca' | 'bni' | 'bri' }
  | { payment_type: 'echannel' }
  | { payment_type: 'qris' }
  | { payment_type: 'gopay' }
  | { payment_type: 'cstore'; store: 'alfamart' | 'indomaret' }
  | { payment_type: 'credit_card' };

/**
 * Midtrans has no OVO or DANA charge in its Core API: those two pay the order's QRIS, which every
 * Indonesian e-wallet scans. The card needs a token made in the browser by Midtrans's own script
 * (card data never reaches us), so it is offered only with a client key (midtransCardSetup).
 */
export const MIDTRANS_CHARGES: Readonly<Record<string, ChargeKind>> = {
  VA_BCA: { payment_type: 'bank_transfer', bank: 'bca' },
  VA_BNI: { payment_type: 'bank_transfer', bank: 'bni' },
  VA_BRI: { payment_type: 'bank_transfer', bank: 'bri' },
  VA_MANDIRI: { payment_type: 'echannel' },
  QRIS: { payment_type: 'qris' },
  OVO: { payment_type: 'qris' },
  DANA: { payment_type: 'qris' },
  GOPAY: { payment_type: 'gopay' },
  ALFAMART: { payment_type: 'cstore', store: 'alfamart' },
  INDOMARET: { payment_type: 'cstore', store: 'indomaret' },
  KARTU: { payment_type: 'credit_card' },
};

export const CARD_METHOD = 'KARTU';

/** Methods paid through Midtrans without a browser step: every one but the card. */
export const MIDTRANS_OFFERED = new Set(Object.keys(MIDTRANS_CHARGES).filter((code) => code !== CARD_METHOD));

/** The card's browser step: Midtrans's script, the client key and the environment it names. */
export interface MidtransCardSetup {
  clientKey: string;
  scriptUrl: string;
  environment: 'sandbox' | 'production';
  /** Origins the page must be allowed to load the script from and call (CSP). */
  origins: string[];
}

const SCRIPT_PATH = '/v2/assets/js/midtrans-new-3ds.min.js';

/**
 * Midtrans documents one script URL, on its production host, for both environments
 * (data-environment chooses); the script then calls the environment's own host. Any other base URL
 * (a proxy or a local stand-in) serves its script itself.
 */
export function midtransCardSetup(config: MidtransConfig): MidtransCardSetup | null {
  if (!config.clientKey) return null;
  const base = config.baseUrl.replace(/\/+$/, '');
  const known = base === MIDTRANS_SANDBOX_URL || base === MIDTRANS_PRODUCTION_URL;
  const scriptUrl = `${known ? MIDTRANS_PRODUCTION_URL : base}${SCRIPT_PATH}`;
  return {
    clientKey: config.clientKey,
    scriptUrl,
    environment: base === MIDTRANS_PRODUCTION_URL ? 'production' : 'sandbox',
    origins: [...new Set([new URL(scriptUrl).origin, new URL(base).origin])],
  };
}

const ActionSchema = z.object({ name: z.string(), method: z.string().optional(), url: z.string() });

/** The fields of a charge or status reply we read; Midtrans sends more. */
export const MidtransTransactionSchema = z.object({
  status_code: z.string(),
  status_message: z.string().optional(),
  transaction_id: z.string().optional(),
  order_id: z.string().optional(),
  gross_amount: z.string().optional(),
  payment_type: z.string().optional(),
  transaction_status: z.string().optional(),
  fraud_status: z.string().optional(),
  expiry_time: z.string().optional(),
  va_numbers: z.array(z.object({ bank: z.string(), va_number: z.string() })).optional(),
  bill_key: z.string().optional(),
  biller_code: z.string().optional(),
  payment_code: z.string().optional(),
  qr_string: z.string().optional(),
  actions: z.array(ActionSchema).optional(),
  redirect_url: z.string().optional(),
});
export type MidtransTransaction = z.infer<typeof MidtransTransactionSchema>;

/** An HTTP notification as Midtrans posts it (the fields we read and check). */
export const MidtransNotificationSchema = z.object({
  order_id: z.string().min(1).max(64),
  status_code: z.string().min(1).max(8),
  gross_amount: z.string().min(1).max(32),
  signature_key: z.string().min(1).max(256),
  transaction_status: z.string().min(1).max(32),
  fraud_status: z.string().max(32).optional(),
  payment_type: z.string().max(32).optional(),
  transaction_id: z.string().max(64).optional(),
});
export type MidtransNotification = z.infer<typeof MidtransNotificationSchema>;

/** Rupiah as Midtrans writes gross_amount ("150000.00"). */
export const grossAmount = (rupiah: number): string => `${rupiah}.00`;

export function signatureOf(orderId: string, statusCode: string, gross: string, serverKey: string): string {
  return createHash('sha512').update(`${orderId}${statusCode}${gross}${serverKey}`).digest('hex');
}

/** True when Midtrans (who alone knows the server key besides us) signed these fields. */
export function isSignedBy(serverKey: string, note: MidtransNotification): boolean {
  const expected = Buffer.from(signatureOf(note.order_id, note.status_code, note.gross_amount, serverKey));
  const given = Buffer.from(note.signature_key.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Midtrans's custom_expiry order_time: "yyyy-MM-dd HH:mm:ss +0700" in Jakarta time. */
export function jakartaTime(at: Date): string {
  const wib = new Date(at.getTime() + 7 * 3_600_000).toISOString();
  return `${wib.slice(0, 10)} ${wib.slice(11, 19)} +0700`;
}

export interface MidtransChargeRequest {
  /** Our id of this attempt (unique per charge: Midtrans refuses an order_id twice). */
  orderId: string;
  methodCode: string;
  amount: number;
  now: Date;
  /** The order's deadline: the charge expires no later than the minute it falls in. */
  expiresAt: Date;
  /** Card only: the token made in the browser by Midtrans's script. */
  cardToken?: string;
  customer?: { name: string; email: string | null; phone: string | null };
}

export class MidtransError extends Error {
  constructor(
    message: string,
    readonly statusCode: string | null,
  ) {
    super(message);
    this.name = 'MidtransError';
  }
}

/** The request body of a charge, as the Core API documents it per payment type. */
export function chargeBody(request: MidtransChargeRequest): Record<string, unknown> {
  const kind = MIDTRANS_CHARGES[request.methodCode];
  if (!kind) throw new MidtransError(`metode ${request.methodCode} tidak dibayar lewat Midtrans`, null);
  const minutes = Math.max(1, Math.floor((request.expiresAt.getTime() - request.now.getTime()) / 60_000));
  const body: Record<string, unknown> = {
    payment_type: kind.payment_type,
    transaction_details: { order_id: request.orderId, gross_amount: request.amount },
  };
  if (request.customer) {
    body.customer_details = {
      first_name: request.customer.name.slice(0, 255),
      ...(request.customer.email ? { email: request.customer.email } : {}),
      ...(request.customer.phone ? { phone: request.customer.phone } : {}),
    };
  }
  switch (kind.payment_type) {
    case 'bank_transfer':
      body.bank_transfer = { bank: kind.bank };
      break;
    case 'echannel':
      // Midtrans: bill_info1 up to 10 characters, bill_info2 up to 30.
      body.echannel = { bill_info1: 'Tiket:', bill_info2: 'Berangkat' };
      break;
    case 'qris':
      body.qris = { acquirer: 'gopay' };
      break;
    case 'gopay':
      body.gopay = { enable_callback: false };
      break;
    case 'cstore':
      body.cstore = { store: kind.store, message: 'Tiket Berangkat' };
      break;
    case 'credit_card':
      if (!request.cardToken) throw new MidtransError('token kartu wajib ada', null);
      body.credit_card = { token_id: request.cardToken, authentication: true };
      break;
  }
  // The card's 3DS page has its own time; every other charge ends with the order's deadline.
  if (kind.payment_type !== 'credit_card')
    body.custom_expiry = { order_time: jakartaTime(request.now), expiry_duration: minutes, unit: 'minute' };
  return body;
}

/** What the payment page shows for a charge. */
export interface ChargeDisplay {
  nomorBayar: string | null;
  kodeBiller: string | null;
  qris: string | null;
  urlBayar: string | null;
}

export function displayOf(reply: MidtransTransaction): ChargeDisplay {
  const action = (name: string) => reply.actions?.find((item) => item.name === name)?.url ?? null;
  return {
    nomorBayar: reply.va_numbers?.[0]?.va_number ?? reply.bill_key ?? reply.payment_code ?? null,
    kodeBiller: reply.biller_code ?? null,
    qris: reply.qr_string ?? null,
    urlBayar: reply.redirect_url ?? action('deeplink-redirect'),
  };
}

export interface MidtransClient {
  charge(request: MidtransChargeRequest): Promise<MidtransTransaction>;
  /** Null when Midtrans knows no transaction with that id (404). */
  status(orderId: string): Promise<MidtransTransaction | null>;
}

export function midtransClient(config: MidtransConfig): MidtransClient {
  const base = config.baseUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${config.serverKey}:`).toString('base64')}`;
  const timeoutMs = config.timeoutMs ?? MIDTRANS_TIMEOUT_MS;

  async function send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<MidtransTransaction> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          Authorization: authorization,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new MidtransError(`Midtrans tidak menjawab: ${error instanceof Error ? error.name : 'error'}`, null);
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new MidtransError(`jawaban Midtrans bukan JSON (HTTP ${response.status})`, null);
    }
    const parsed = MidtransTransactionSchema.safeParse(json);
    if (!parsed.success) throw new MidtransError(`jawaban Midtrans tidak dikenal (HTTP ${response.status})`, null);
    return parsed.data;
  }

  return {
    async charge(request) {
      const reply = await send('POST', '/v2/charge', chargeBody(request));
      // Midtrans answers some refusals with HTTP 200 and the code in the body: the body decides.
      if (reply.status_code !== '200' && reply.status_code !== '201')
        throw new MidtransError(reply.status_message ?? 'charge ditolak Midtrans', reply.status_code);
      return reply;
    },
    async status(orderId) {
      const reply = await send('GET', `/v2/${encodeURIComponent(orderId)}/status`);
      if (reply.status_code === '404') return null;
      if (!reply.transaction_status)
        throw new MidtransError(reply.status_message ?? 'status tidak terbaca', reply.status_code);
      return reply;
    },
  };
}

/** What a transaction status means for the order (Midtrans's "Transaction Status" table). */
export type GatewayOutcome = 'paid' | 'waiting' | 'failed';

export function outcomeOf(transactionStatus: string, fraudStatus: string | undefined): GatewayOutcome {
  switch (transactionStatus) {
    case 'settlement':
      return 'paid';
    case 'capture':
      // A card capture FDS challenges is not money yet; deny never is.
      return fraudStatus === undefined || fraudStatus === 'accept' ? 'paid' : 'waiting';
    case 'pending':
    case 'authorize':
      return 'waiting';
    default:
      // expire, cancel, deny, failure, refund...: the order stays unpaid.
      return 'failed';
  }
}
