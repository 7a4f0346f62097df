/**
 * A local stand-in of the Midtrans Core API, written from its public documentation (Charge API per
 * payment type, Get Status, HTTP notification with signature_key). It listens on a real port, so
 * the adapter's fetch, Basic auth and timeouts are what is tested. It checks the Authorization
 * header and each request body, answers as the documentation shows, and sends notifications signed
 * with the server key, or forged ones, as often and in whatever order a test asks.
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
    credit_card: z.object({ token_id: z.string().min(1), authentication: z.boolean().optional() }),
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

export interface StandInCharge {
  orderId: string;
  transactionId: string;
  request: ChargeRequest;
  gross: string;
  status: string;
  fraudStatus: string;
  at: Date;
}

export interface MidtransStandIn {
  url: string;
  serverKey: string;
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
        redirect_url: `https://api.sandbox.midtrans.com/v2/token/rba/redirect/${charge.transactionId}`,
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

export async function startMidtransStandIn(
  serverKey = 'SB-Mid-server-standin-0123456789',
  /** 0: any free port. */
  listenOn = 0,
): Promise<MidtransStandIn> {
  const charges: StandInCharge[] = [];
  const problems: string[] = [];
  const statusCalls: string[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${serverKey}:`).toString('base64')}`;
  const find = (orderId: string) => charges.find((charge) => charge.orderId === orderId);
  const state = { delayMs: 0, chargeDelayMs: 0 };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
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
          status: 'pending',
          fraudStatus: 'accept',
          at: new Date(),
        };
        charges.push(charge);
        answer(res, 200, chargeReply(charge));
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
    url: `http://127.0.0.1:${port}`,
    serverKey,
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
