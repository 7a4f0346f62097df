/**
 * The payment provider, behind one small interface so a real gateway can replace the simulated
 * one: it turns an order and a method into what the traveller pays with (a virtual account or
 * retail number, or a QRIS payload), and names the reference a settled charge carries. Settling
 * itself is services/payments.ts's settleOrder, which a provider's notification handler calls.
 */
import { createHash } from 'node:crypto';
import type { PaymentKind } from '../../contract';
import { notConfigured } from './errors';
import type { MidtransCardSetup, MidtransClient } from './midtrans';

export interface ChargeOrder {
  code: string;
  /** What the traveller pays: the ticket total plus the method's fee. */
  amount: number;
  expiresAt: Date;
}

export interface ChargeMethod {
  code: string;
  kind: PaymentKind;
}

export interface ChargeInstruction {
  /** Virtual account or retail payment number; null for QRIS and card. */
  nomorBayar: string | null;
  /** QRIS payload; null for other methods. */
  qris: string | null;
}

/**
 * A real gateway charges over the network: payments go through gateway-payments.ts (charges stored
 * in payment_charges, notifications verified with the server key, status asked) instead of the
 * synchronous createCharge below.
 */
export interface PaymentGateway {
  readonly client: MidtransClient;
  /** Signs notifications; never logged. */
  readonly serverKey: string;
  /** How long one call may take before it is a failed call: a claimed charge waits at most about this. */
  readonly timeoutMs: number;
  /** The methods this gateway charges today; the others are listed as unavailable. */
  offers(methodCode: string): boolean;
  /** The card's browser token step, when the gateway has a client key; null: no card. */
  readonly card: MidtransCardSetup | null;
}

export interface PaymentProvider {
  readonly name: string;
  /** False for the stand-in that refuses every charge (no provider configured). */
  readonly configured?: boolean;
  /** Set for a network gateway (Midtrans); the simulated provider has none. */
  readonly gateway?: PaymentGateway;
  createCharge(order: ChargeOrder, method: ChargeMethod): ChargeInstruction;
  /** The provider's reference of the settled charge, as its notification would name it. */
  settlementRef(order: ChargeOrder, method: ChargeMethod): string;
}

/** Company prefixes of the simulated virtual accounts, per bank method. */
const VA_PREFIX: Record<string, string> = {
  VA_BCA: '39358',
  VA_MANDIRI: '88608',
  VA_BNI: '8808',
  VA_BRI: '26215',
};

/** `count` decimal digits derived from `seed`: the same order and method always give the same number. */
function digitsOf(seed: string, count: number): string {
  const hash = createHash('sha256').update(seed).digest();
  let out = '';
  for (let i = 0; out.length < count; i += 1) out += String((hash[i % hash.length] ?? 0) % 10);
  return out;
}

/** EMV tag-length-value, the way QRIS writes its fields. */
const tlv = (tag: string, value: string): string => `${tag}${String(value.length).padStart(2, '0')}${value}`;

/** CRC-16/CCITT-FALSE over the payload, the checksum QRIS ends with (tag 63). */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** A dynamic QRIS-like payload carrying the amount and the order code (bill number, tag 62.01). */
export function qrisPayload(code: string, amount: number): string {
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', tlv('00', 'ID.CO.QRIS.WWW') + tlv('01', `93600999${digitsOf(`nmid:${code}`, 7)}`)) +
    tlv('52', '4131') +
    tlv('53', '360') +
    tlv('54', String(amount)) +
    tlv('58', 'ID') +
    tlv('59', 'BERANGKAT') +
    tlv('60', 'JAKARTA') +
    tlv('62', tlv('01', code));
  const withCrcTag = `${body}6304`;
  return withCrcTag + crc16(withCrcTag);
}

/** The built-in provider: numbers and payloads derived from the order, paid by simulasi-bayar. */
export const simulatedProvider: PaymentProvider = {
  name: 'simulasi',
  createCharge(order, method) {
    switch (method.kind) {
      case 'va': {
        const prefix = VA_PREFIX[method.code] ?? '7777';
        return { nomorBayar: prefix + digitsOf(`${method.code}:${order.code}`, 16 - prefix.length), qris: null };
      }
      case 'retail':
        return { nomorBayar: `BRK${digitsOf(`${method.code}:${order.code}`, 9)}`, qris: null };
      case 'qris':
        return { nomorBayar: null, qris: qrisPayload(order.code, order.amount) };
      case 'card':
        return { nomorBayar: null, qris: null };
    }
  },
  settlementRef(order, method) {
    return `SIM-${method.code}-${order.code}`;
  },
};

export const NO_PAYMENT_PROVIDER_MESSAGE =
  'Pembayaran belum tersedia: penyedia pembayaran belum dipasang. Pesanan kamu tersimpan, silakan coba bayar lagi nanti.';

/**
 * Production before a real gateway is configured: choosing a method or reading its instruction is
 * answered 503 SRV-2 (inside the caller's transaction, so nothing is written), never a number
 * nobody collects on.
 */
export const noPaymentProvider: PaymentProvider = {
  name: 'belum-dipasang',
  configured: false,
  createCharge() {
    throw notConfigured(NO_PAYMENT_PROVIDER_MESSAGE);
  },
  settlementRef() {
    throw notConfigured(NO_PAYMENT_PROVIDER_MESSAGE);
  },
};
