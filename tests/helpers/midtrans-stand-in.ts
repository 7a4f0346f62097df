/**
 * A local stand-in of the Midtrans Core API, written from its public documentation (Charge API per
 * payment type, Get Status, HTTP notification with signature_key). It listens on a real port, so
 * the adapter's fetch, Basic auth and timeouts are what is tested. It checks the Authorization
 * header and each request body, answers as the documentation shows, and sends notifications signed
 * with the server key, or forged ones, as often and in whatever order a test asks.
 *
 * The card's browser side too, as the card integration guide describes it: the new3ds script
 * (`MidtransNew3ds.getCardToken` and `.redirect`, read from the script tag's data-client-key),
 * GET /v2/token with the client key (card data in, a one-time token_id out), and a 3DS page that
 * asks for the OTP, then notifies the merchant (when `notifyUrl` is set) and sends the browser back
 * to the callback URL. Sandbox cards (from Midtrans's testing payments page):
 * 4811 1111 1111 1114 passes 3DS with OTP 112233; 4911 1111 1111 1113 is denied by the bank; the
 * stand-in adds 4011 1111 1111 1112, captured without a 3DS step.
 *
 * Every request it finds wrong is kept in `problems`: a test that ends with problems failed, even
 * if the server coped with the 4xx answer.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

/** Midtrans's custom_expiry.order_time: "yyyy-MM-dd HH:mm:ss +0700". */
const ORDER_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{4}$/;

const TransactionDetails = z.object({
  order_id: z
    .string()
    .max(50)
    .regex(/^[A-Za-z0-9\-_.~]+$/),
  gross_amount: z.number().int().positive(),
});
const CustomExpiry = z
  .object({
    order_time: z.string().regex(ORDER_TIME),
    expiry_duration: z.number().int().positive(),
    unit: z.enum(['second', 'minute', 'hour', 'day']),
  })
  .strict();
const Customer = z
  .object({ first_name: z.string().max(255), email: z.string().optional(), phone: z.string().optional() })
  .optional();
const base = {
  transaction_details: TransactionDetails,
  customer_details: Customer,
  custom_expiry: CustomExpiry.optional(),
};

/** The request bodies the documentation shows, one per payment type the product uses. */
export const ChargeRequestSchema = z.discriminatedUnion('payment_type', [
  z.object({
    ...base,
    payment_type: z.literal('bank_transfer'),
    bank_transfer: z.object({ bank: z.enum(['bca', 'bni', 'bri', 'permata', 'cimb']) }),
  }),
  z.object({
    ...base,
    payment_type: z.literal('echannel'),
    echannel: z.object({ bill_info1: z.string().max(10), bill_info2: z.string().max(30) }),
  }),
  z.object({
    ...base,
    payment_type: z.literal('qris'),
    qris: z.object({ acquirer: z.enum(['gopay', 'airpay shopee']) }).optional(),
  }),
  z.object({
    ...base,
    payment_type: z.literal('gopay'),
    gopay: z.object({ enable_callback: z.boolean().optional(), callback_url: z.string().optional() }).optional(),
  }),
  z.object({
    ...base,
    payment_type: z.literal('cstore'),
    cstore: z.object({ store: z.enum(['alfamart', 'indomaret']), message: z.string().max(20).optional() }),
  }),
  z.object({
    ...base,
    payment_type: z.literal('credit_card'),
    credit_card: z.object({ token_id: z.string().min(1), authentication: z.boolean().optional() }).strict(),
  }),
]);
export type ChargeRequest = z.infer<typeof ChargeRequestSchema>;

/** The status_code Midtrans gives each transaction status. */
const STATUS_CODE: Record<string, string> = {
  capture: '200',
  settlement: '200',
  pending: '201',
  deny: '202',
  cancel: '200',
  expire: '407',
  failure: '202',
};

/** Sandbox cards and what the stand-in does with them. */
export const SANDBOX_CARDS = {
  threeDs: '4811111111111114',
  denied: '4911111111111113',
  frictionless: '4011111111111112',
} as const;
export const SANDBOX_OTP = '112233';

interface StandInToken {
  cardNumber: string;
  used: boolean;
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}

/** The script a page loads: the same two calls as Midtrans's new3ds library, against this stand-in. */
const NEW3DS_SCRIPT = `(function () {
  var tag = document.getElementById('midtrans-script');
  if (!tag) throw new Error('midtrans-new-3ds: the script tag needs id="midtrans-script"');
  var clientKey = tag.getAttribute('data-client-key');
  var base = new URL(tag.src).origin;
  window.MidtransNew3ds = {
    getCardToken: function (cardData, options) {
      var query = new URLSearchParams({
        client_key: clientKey || '',
        card_number: String(cardData.card_number),
        card_exp_month: String(cardData.card_exp_month),
        card_exp_year: String(cardData.card_exp_year),
        card_cvv: String(cardData.card_cvv)
      });
      fetch(base + '/v2/token?' + query.toString())
        .then(function (reply) { return reply.json(); })
        .then(function (body) {
          if (body.status_code === '200') options.onSuccess(body);
          else options.onFailure(body);
        }, function (error) {
          options.onFailure({ status_code: '500', status_message: String(error) });
        });
    },
    redirect: function (url, options) {
      var target = new URL(url);
      if (options && options.callbackUrl) target.searchParams.set('callback_url', options.callbackUrl);
      window.location.href = target.toString();
    }
  };
})();
`;

function threeDsPage(transactionId: string, callbackUrl: string, wrongOtp: boolean): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><title>3D Secure</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
<main><h1>Verifikasi 3D Secure</h1><p>Bank mengirim kode OTP ke ponsel pemilik kartu.</p>
${wrongOtp ? '<p role="alert">Kode OTP salah.</p>' : ''}
<form method="post" action="/v2/3ds/redirect/${escape(transactionId)}">
<input type="hidden" name="callback_url" value="${escape(callbackUrl)}">
<label>Kode OTP <input name="otp" inputmode="numeric" autocomplete="one-time-code"></label>
<button type="submit">Kirim</button>
<button type="submit" name="batal" value="1">Batalkan</button>
</form></main></body></html>`;
}

export interface StandInCharge {
  orderId: string;
  transactionId: string;
  request: ChargeRequest;
  gross: string;
  status: string;
  fraudStatus: string;
  at: Date;
  /** The stand-in's own URL: its 3DS page lives there. */
  base: string;
}

export interface MidtransStandIn {
  url: string;
  serverKey: string;
  /** The browser's key: the token call checks it. */
  clientKey: string;
  /** Where a finished 3DS page sends its notification (Payment Notification URL); unset: none. */
  notifyUrl: string | null;
  /** Token calls received: the card data Midtrans saw (never our server). */
  tokenCalls: { cardNumber: string; origin: string | null }[];
  /** Charges in the order they were made. */
  charges: StandInCharge[];
  /** Requests the stand-in refused as not matching the documentation (auth, body, duplicate). */
  problems: string[];
  /** Status calls received, by order id. */
  statusCalls: string[];
  /** Changes a transaction's status as if the payer acted, without notifying anyone. */
  setStatus(orderId: string, status: string, fraudStatus?: string): void;
  /** The notification body Midtrans would send for the transaction as it stands now. */
  notification(orderId: string, overrides?: Record<string, string>): Record<string, string>;
  /** A notification with a signature made with another key. */
  forged(orderId: string, status: string): Record<string, string>;
  /** POSTs a notification body to `url`, answering the HTTP status. */
  send(url: string, body: Record<string, string>): Promise<number>;
  /** When set, every status call waits this long first (a gateway that does not answer). */
  delayMs: number;
  /** When set, every charge waits this long before it is made and answered (a slow gateway). */
  chargeDelayMs: number;
  close(): Promise<void>;
}

/** A plausible QRIS payload: the stand-in does not check what wallets would scan. */
const qrString = (orderId: string) =>
  `00020101021226620014COM.GO-JEK.WWW011993600914${orderId.replace(/\W/g, '')}6304ABCD`;

function digits(seed: string, count: number): string {
  const hash = sha512(seed);
  let out = '';
  for (let i = 0; out.length < count; i += 1) out += String(parseInt(hash[i % hash.length] ?? '0', 16) % 10);
  return out;
}

function chargeReply(charge: StandInCharge): Record<string, unknown> {
  const { request } = charge;
  const common = {
    status_code: '201',
    transaction_id: charge.transactionId,
    order_id: charge.orderId,
    merchant_id: 'G000000001',
    gross_amount: charge.gross,
    currency: 'IDR',
    payment_type: request.payment_type,
    transaction_time: '2026-11-23 08:00:00',
    transaction_status: charge.status,
    fraud_status: charge.fraudStatus,
  };
  switch (request.payment_type) {
    case 'bank_transfer':
      return {
        ...common,
        status_message: `Success, Bank Transfer transaction is created`,
        va_numbers: [{ bank: request.bank_transfer.bank, va_number: digits(charge.orderId, 18 - 7) + '0000000' }],
      };
    case 'echannel':
      return {
        ...common,
        status_message: 'OK, Mandiri Bill transaction is successful',
        bill_key: digits(charge.orderId, 12),
        biller_code: '70012',
      };
    case 'qris':
      return {
        ...common,
        status_message: 'QRIS transaction is created',
        actions: [
          {
            name: 'generate-qr-code',
            method: 'GET',
            url: `https://api.sandbox.midtrans.com/v2/qris/${charge.transactionId}/qr-code`,
          },
        ],
        qr_string: qrString(charge.orderId),
        acquirer: 'gopay',
      };
    case 'gopay':
      return {
        ...common,
        status_message: 'GoPay transaction is created',
        actions: [
          {
            name: 'generate-qr-code',
            method: 'GET',
            url: `https://api.sandbox.midtrans.com/v2/gopay/${charge.transactionId}/qr-code`,
          },
          {
            name: 'deeplink-redirect',
            method: 'GET',
            url: `https://simulator.sandbox.midtrans.com/gopay/partner/app/payment-pin?id=${charge.transactionId}`,
          },
          {
            name: 'get-status',
            method: 'GET',
            url: `https://api.sandbox.midtrans.com/v2/${charge.transactionId}/status`,
          },
          { name: 'cancel', method: 'POST', url: `https://api.sandbox.midtrans.com/v2/${charge.transactionId}/cancel` },
        ],
      };
    case 'cstore':
      return {
        ...common,
        status_message: 'Success, cstore transaction is successful',
        payment_code: digits(charge.orderId, 14),
        store: request.cstore.store,
      };
    case 'credit_card':
      return {
        ...common,
        status_message: 'Success, Credit Card transaction is successful',
        masked_card: '48111111-1114',
        card_type: 'credit',
        redirect_url: `${charge.base}/v2/3ds/redirect/${charge.transactionId}`,
      };
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startMidtransStandIn({
  serverKey = 'SB-Mid-server-standin-0123456789',
  clientKey = 'SB-Mid-client-standin-0123',
  /** 0: any free port. */
  listenOn = 0,
}: { serverKey?: string; clientKey?: string; listenOn?: number } = {}): Promise<MidtransStandIn> {
  const charges: StandInCharge[] = [];
  const problems: string[] = [];
  const statusCalls: string[] = [];
  const tokens = new Map<string, StandInToken>();
  const tokenCalls: MidtransStandIn['tokenCalls'] = [];
  const cardOf = new Map<string, string>();
  const expectedAuth = `Basic ${Buffer.from(`${serverKey}:`).toString('base64')}`;
  const find = (orderId: string) => charges.find((charge) => charge.orderId === orderId);
  const state = { delayMs: 0, chargeDelayMs: 0, notifyUrl: null as string | null };
  let selfUrl = '';

  /** The calls a traveller's browser makes (script, token, 3DS page): no server key, a client key. */
  async function browserSide(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (req.method === 'GET' && url.pathname === '/v2/assets/js/midtrans-new-3ds.min.js') {
      res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8' });
      res.end(NEW3DS_SCRIPT);
      return true;
    }
    if (req.method === 'GET' && url.pathname === '/v2/token') {
      const q = url.searchParams;
      const cardNumber = q.get('card_number') ?? '';
      tokenCalls.push({ cardNumber, origin: req.headers.origin ?? null });
      const reply = (body: Record<string, unknown>) => {
        // The page calls from its own origin.
        res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
        res.end(JSON.stringify(body));
      };
      if (q.get('client_key') !== clientKey) {
        problems.push(`token: client_key ${q.get('client_key') ?? '(none)'}`);
        reply({ status_code: '401', status_message: 'Access denied, please check client or server key' });
        return true;
      }
      const month = Number(q.get('card_exp_month'));
      const year = Number(q.get('card_exp_year'));
      const messages = [
        ...(luhn(cardNumber) && /^\d{12,19}$/.test(cardNumber) ? [] : ['card_number is not valid']),
        ...(Number.isInteger(month) && month >= 1 && month <= 12 ? [] : ['card_exp_month is not valid']),
        ...(/^\d{4}$/.test(q.get('card_exp_year') ?? '') ? [] : ['card_exp_year must be 4 digits']),
        ...(/^\d{3,4}$/.test(q.get('card_cvv') ?? '') ? [] : ['card_cvv is not valid']),
      ];
      const now = new Date();
      if (
        messages.length === 0 &&
        (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
      )
        messages.push('card is expired');
      if (messages.length > 0) {
        reply({
          status_code: '400',
          status_message: 'One or more parameters in the payload is invalid.',
          validation_messages: messages,
        });
        return true;
      }
      const tokenId = `${cardNumber.slice(0, 8)}-${cardNumber.slice(-4)}-${randomUUID()}`;
      tokens.set(tokenId, { cardNumber, used: false });
      reply({
        status_code: '200',
        status_message: 'OK, success request new token',
        token_id: tokenId,
        hash: sha512(tokenId).slice(0, 32),
      });
      return true;
    }
    if (req.method === 'GET' && url.pathname === '/favicon.ico') {
      // A browser on the 3DS page asks for it.
      res.writeHead(404);
      res.end();
      return true;
    }
    const threeDs = /^\/v2\/3ds\/redirect\/([^/]+)$/.exec(url.pathname);
    if (!threeDs) return false;
    const charge = charges.find((item) => item.transactionId === threeDs[1]);
    if (!charge || charge.request.payment_type !== 'credit_card') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('transaksi tidak ditemukan');
      return true;
    }
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(threeDsPage(charge.transactionId, url.searchParams.get('callback_url') ?? '', false));
      return true;
    }
    const form = new URLSearchParams(await readBody(req));
    const callbackUrl = form.get('callback_url') ?? '';
    if (form.get('batal') !== '1' && form.get('otp') !== SANDBOX_OTP) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(threeDsPage(charge.transactionId, callbackUrl, true));
      return true;
    }
    if (charge.status === 'pending') charge.status = form.get('batal') === '1' ? 'deny' : 'capture';
    if (state.notifyUrl) {
      const status = await fetch(state.notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(notification(charge.orderId)),
      }).then(
        (reply) => reply.status,
        () => 0,
      );
      if (status !== 200) problems.push(`3DS notification answered ${status}`);
    }
    const code = STATUS_CODE[charge.status] ?? '201';
    const response = JSON.stringify({
      status_code: code,
      transaction_status: charge.status,
      order_id: charge.orderId,
      transaction_id: charge.transactionId,
    });
    const target = callbackUrl
      ? `${callbackUrl}${callbackUrl.includes('?') ? '&' : '?'}response=${encodeURIComponent(response)}`
      : null;
    if (target) res.writeHead(302, { location: target });
    else res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(target ? '' : 'selesai');
    return true;
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      if (await browserSide(req, res, url)) return;
      if (req.headers.authorization !== expectedAuth) {
        problems.push(`${req.method} ${url.pathname}: Authorization ${req.headers.authorization ?? '(none)'}`);
        answer(res, 401, { status_code: '401', status_message: 'Unknown Merchant server_key/id' });
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v2/charge') {
        const text = await readBody(req);
        if (!/^application\/json/.test(req.headers['content-type'] ?? '')) problems.push('charge: Content-Type');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          problems.push('charge: body is not JSON');
          answer(res, 400, { status_code: '400', status_message: 'Invalid JSON' });
          return;
        }
        const parsed = ChargeRequestSchema.safeParse(json);
        if (!parsed.success) {
          problems.push(`charge: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
          answer(res, 400, {
            status_code: '400',
            status_message: 'One or more parameters in the payload is invalid.',
            validation_messages: parsed.error.issues.map((i) => i.message),
          });
          return;
        }
        const request = parsed.data;
        let cardStatus: { status: string; code: string } | null = null;
        if (request.payment_type === 'credit_card') {
          const token = tokens.get(request.credit_card.token_id);
          if (!token || token.used) {
            if (!token) problems.push('charge: unknown token_id');
            answer(res, 200, { status_code: '411', status_message: 'Token id is missing, invalid, or timed out' });
            return;
          }
          token.used = true;
          if (request.credit_card.authentication !== true) problems.push('charge: card without 3DS authentication');
          if (request.custom_expiry) problems.push('charge: custom_expiry on a card charge');
          cardStatus =
            token.cardNumber === SANDBOX_CARDS.denied
              ? { status: 'deny', code: '202' }
              : token.cardNumber === SANDBOX_CARDS.frictionless
                ? { status: 'capture', code: '200' }
                : { status: 'pending', code: '201' };
          cardOf.set(request.transaction_details.order_id, token.cardNumber);
        }
        if (state.chargeDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.chargeDelayMs));
        if (find(request.transaction_details.order_id)) {
          problems.push(`charge: order_id ${request.transaction_details.order_id} used twice`);
          // Midtrans answers a reused order_id with 406 in the body.
          answer(res, 200, {
            status_code: '406',
            status_message:
              'The request could not be completed due to a conflict with the current state of the target resource, please try again',
          });
          return;
        }
        const charge: StandInCharge = {
          orderId: request.transaction_details.order_id,
          transactionId: randomUUID(),
          request,
          gross: `${request.transaction_details.gross_amount}.00`,
          status: cardStatus?.status ?? 'pending',
          fraudStatus: 'accept',
          at: new Date(),
          base: selfUrl,
        };
        charges.push(charge);
        answer(res, 200, {
          ...chargeReply(charge),
          ...(cardStatus
            ? {
                status_code: cardStatus.code,
                ...(cardStatus.status === 'deny' ? { status_message: 'Deny by Bank [MANDIRI] with code [05]' } : {}),
                ...(cardStatus.status === 'pending' ? {} : { redirect_url: undefined }),
              }
            : {}),
        });
        return;
      }
      const status = /^\/v2\/([^/]+)\/status$/.exec(url.pathname);
      if (req.method === 'GET' && status) {
        const orderId = decodeURIComponent(status[1] ?? '');
        statusCalls.push(orderId);
        if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
        const charge = find(orderId);
        if (!charge) {
          answer(res, 404, { status_code: '404', status_message: "Transaction doesn't exist." });
          return;
        }
        const code = STATUS_CODE[charge.status] ?? '201';
        answer(res, 200, {
          ...chargeReply(charge),
          status_code: code,
          status_message: 'Success, transaction is found',
          signature_key: sha512(`${charge.orderId}${code}${charge.gross}${serverKey}`),
        });
        return;
      }
      problems.push(`${req.method} ${url.pathname}: not a Core API call`);
      answer(res, 404, { status_code: '404', status_message: 'Not found' });
    })().catch((error: unknown) => {
      problems.push(`stand-in failed: ${String(error)}`);
      if (!res.headersSent) answer(res, 500, { status_code: '500', status_message: 'stand-in failed' });
    });
  });
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  selfUrl = `http://127.0.0.1:${port}`;

  const notification = (orderId: string, overrides: Record<string, string> = {}) => {
    const charge = find(orderId);
    if (!charge) throw new Error(`stand-in: no charge ${orderId}`);
    const statusCode = STATUS_CODE[charge.status] ?? '201';
    return {
      transaction_time: '2026-11-23 08:00:00',
      transaction_status: charge.status,
      transaction_id: charge.transactionId,
      status_message: 'midtrans payment notification',
      status_code: statusCode,
      signature_key: sha512(`${orderId}${statusCode}${charge.gross}${serverKey}`),
      payment_type: charge.request.payment_type,
      order_id: orderId,
      merchant_id: 'G000000001',
      gross_amount: charge.gross,
      fraud_status: charge.fraudStatus,
      currency: 'IDR',
      ...overrides,
    };
  };

  return {
    url: selfUrl,
    serverKey,
    clientKey,
    tokenCalls,
    get notifyUrl() {
      return state.notifyUrl;
    },
    set notifyUrl(value: string | null) {
      state.notifyUrl = value;
    },
    charges,
    problems,
    statusCalls,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    get chargeDelayMs() {
      return state.chargeDelayMs;
    },
    set chargeDelayMs(value: number) {
      state.chargeDelayMs = value;
    },
    setStatus(orderId, status, fraudStatus = 'accept') {
      const charge = find(orderId);
      if (!charge) throw new Error(`stand-in: no charge ${orderId}`);
      charge.status = status;
      charge.fraudStatus = fraudStatus;
    },
    notification,
    forged(orderId, status) {
      const body = notification(orderId, { transaction_status: status });
      const code = STATUS_CODE[status] ?? '200';
      return { ...body, status_code: code, signature_key: sha512(`${orderId}${code}${body.gross_amount}not-the-key`) };
    },
    async send(target, body) {
      const reply = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      return reply.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
