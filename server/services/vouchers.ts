/**
 * Vouchers: the one rule deciding whether a voucher can be used and what it takes off, shared by
 * validasi-voucher and cek-harga so the two can never disagree, plus the list and the detail.
 *
 * A voucher is used for an amount (the tickets' subtotal) when, checked in this order:
 * 1. its code exists (case does not matter)                      else 422 VCR-1;
 * 2. today (Jakarta) lies in valid_from..valid_until             else 422 VCR-2;
 * 3. it has quota left: quota null, or fewer pending or paid
 *    reservations carry it than its quota                        else 422 VCR-3;
 * 4. the amount reaches min_amount                               else 422 VCR-4;
 * 5. it names no payment method, or the chosen one is that one
 *    (no method chosen yet counts as another one)                else 422 VCR-5.
 * Discount: persen floor(amount x value / 100), capped at max_discount; nominal the value;
 * never more than the amount.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DetailVoucherResults, ListVoucherResults, ValidasiVoucherResults, VoucherItem } from '../../contract';
import type { Database } from '../db/client';
import { paymentMethods, vouchers } from '../db/schema';
import { notFound, voucherRefused } from './errors';
import { longDateId } from '../lib/dates';
import { formatRupiah } from '../lib/money';

export const VOUCHER_MESSAGE = {
  unknown: 'Kode voucher tidak ditemukan',
  expired: 'Voucher sudah tidak berlaku',
  notYetValid: 'Voucher belum dapat digunakan',
  quotaUsed: 'Kuota voucher sudah habis',
  minimum: (amount: number) => `Voucher berlaku untuk transaksi minimal ${formatRupiah(amount)}`,
  paymentMethod: (name: string) => `Voucher hanya berlaku untuk pembayaran ${name}`,
  detailNotFound: 'Voucher tidak ditemukan',
} as const;

/** Reservations that hold a use of their voucher: the ones not cancelled or expired. */
const USING_STATUSES = ['pending', 'paid'] as const;

/** A voucher as the schema stores it, with its payment method's name and how often it is used. */
export type VoucherRow = Omit<typeof vouchers.$inferSelect, 'id'> & {
  paymentMethodName: string | null;
  /** Pending or paid reservations carrying this voucher. */
  used: number;
};

const usedCount = sql<number>`(
  SELECT count(*)::int FROM reservations r
  WHERE r.voucher_code = ${vouchers.code}
    AND r.status IN (${sql.join(
      USING_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )})
)`.mapWith(Number);

function selectVouchers(db: Database) {
  return db
    .select({
      code: vouchers.code,
      name: vouchers.name,
      description: vouchers.description,
      discountType: vouchers.discountType,
      discountValue: vouchers.discountValue,
      maxDiscount: vouchers.maxDiscount,
      minAmount: vouchers.minAmount,
      validFrom: vouchers.validFrom,
      validUntil: vouchers.validUntil,
      quota: vouchers.quota,
      paymentMethodCode: vouchers.paymentMethodCode,
      paymentMethodName: paymentMethods.name,
      used: usedCount,
    })
    .from(vouchers)
    .leftJoin(paymentMethods, eq(paymentMethods.code, vouchers.paymentMethodCode));
}

/** The voucher a typed code names: codes are compared without case, an exact match first. */
export async function findVoucher(db: Database, code: string): Promise<VoucherRow | null> {
  const typed = code.trim();
  const rows = await selectVouchers(db)
    .where(sql`upper(${vouchers.code}) = upper(${typed})`)
    .orderBy(sql`${vouchers.code} = ${typed} DESC`, asc(vouchers.id))
    .limit(1);
  return rows[0] ?? null;
}

export interface VoucherRefusal {
  code: 'VCR-2' | 'VCR-3' | 'VCR-4' | 'VCR-5';
  message: string;
}

/** Rules 2 and 3: what makes a voucher usable today at all, whatever the transaction. */
function refusalToday(voucher: VoucherRow, today: string): VoucherRefusal | null {
  if (today < voucher.validFrom) return { code: 'VCR-2', message: VOUCHER_MESSAGE.notYetValid };
  if (today > voucher.validUntil) return { code: 'VCR-2', message: VOUCHER_MESSAGE.expired };
  if (voucher.quota !== null && voucher.used >= voucher.quota) {
    return { code: 'VCR-3', message: VOUCHER_MESSAGE.quotaUsed };
  }
  return null;
}

/** Rules 2 to 5 for one transaction; null when the voucher may be used. */
export function voucherRefusal(
  voucher: VoucherRow,
  today: string,
  amount: number,
  paymentMethodCode: string | null,
): VoucherRefusal | null {
  const todayRefusal = refusalToday(voucher, today);
  if (todayRefusal) return todayRefusal;
  if (amount < voucher.minAmount) return { code: 'VCR-4', message: VOUCHER_MESSAGE.minimum(voucher.minAmount) };
  if (voucher.paymentMethodCode !== null && paymentMethodCode !== voucher.paymentMethodCode) {
    const name = voucher.paymentMethodName ?? voucher.paymentMethodCode;
    return { code: 'VCR-5', message: VOUCHER_MESSAGE.paymentMethod(name) };
  }
  return null;
}

/** The rupiah a usable voucher takes off `amount`. */
export function voucherDiscountOf(voucher: VoucherRow, amount: number): number {
  let discount =
    voucher.discountType === 'persen' ? Math.floor((amount * voucher.discountValue) / 100) : voucher.discountValue;
  if (voucher.discountType === 'persen' && voucher.maxDiscount !== null) {
    discount = Math.min(discount, voucher.maxDiscount);
  }
  return Math.max(0, Math.min(discount, amount));
}

export interface VoucherUse {
  /** The code as the passenger typed it. */
  code: string;
  /** The amount the voucher is measured against: the tickets' subtotal. */
  amount: number;
  /** The chosen payment method, null while none is chosen. */
  paymentMethodCode: string | null;
}

export interface AppliedVoucher {
  voucher: VoucherRow;
  discount: number;
}

/** The one voucher rule: the voucher and its discount, or a 422 VCR-* refusal. */
export async function applyVoucher(db: Database, today: string, use: VoucherUse): Promise<AppliedVoucher> {
  return appliedVoucher(await findVoucher(db, use.code), today, use);
}

/** The voucher rule over a voucher already read (null: no voucher has the typed code). */
export function appliedVoucher(voucher: VoucherRow | null, today: string, use: VoucherUse): AppliedVoucher {
  if (!voucher) throw voucherRefused('VCR-1', VOUCHER_MESSAGE.unknown);
  const refusal = voucherRefusal(voucher, today, use.amount, use.paymentMethodCode);
  if (refusal) throw voucherRefused(refusal.code, refusal.message);
  return { voucher, discount: voucherDiscountOf(voucher, use.amount) };
}

/**
 * Takes the voucher's row lock for the rest of the reservation's transaction, so two reservations
 * cannot both count the last use of a quota as free: the second waits, then counts the first.
 */
export async function lockVoucher(db: Database, code: string): Promise<void> {
  await db.execute(sql`SELECT id FROM vouchers WHERE upper(code) = upper(${code.trim()}) FOR UPDATE`);
}

/** GET validasi-voucher. The trip and booker fields are accepted for the wire; no rule reads them yet. */
export async function validateVoucher(
  db: Database,
  today: string,
  query: { voucher_kode: string; jenis_pembayaran_kode?: string | undefined; total_amount: number },
): Promise<ValidasiVoucherResults> {
  const { voucher, discount } = await applyVoucher(db, today, {
    code: query.voucher_kode,
    amount: query.total_amount,
    paymentMethodCode: query.jenis_pembayaran_kode ?? null,
  });
  return {
    voucher_kode: voucher.code,
    voucher_nama: voucher.name,
    potongan: discount,
    tipe_potongan: voucher.discountType,
    nilai_potongan: voucher.discountValue,
    maks_potongan: voucher.maxDiscount,
    min_transaksi: voucher.minAmount,
    berlaku_sampai: voucher.validUntil,
  };
}

function toItem(voucher: VoucherRow): VoucherItem {
  return {
    voucher_kode: voucher.code,
    voucher_nama: voucher.name,
    deskripsi: voucher.description,
    tipe_potongan: voucher.discountType,
    nilai_potongan: voucher.discountValue,
    maks_potongan: voucher.maxDiscount,
    min_transaksi: voucher.minAmount,
    berlaku_sampai: voucher.validUntil,
    metode_pembayaran: voucher.paymentMethodCode,
    metode_pembayaran_nama: voucher.paymentMethodName,
  };
}

function matches(voucher: VoucherRow, search: string): boolean {
  if (search === '') return true;
  const needle = search.toLowerCase();
  return voucher.code.toLowerCase().includes(needle) || voucher.name.toLowerCase().includes(needle);
}

/**
 * GET list-voucher: the vouchers usable today with quota left, by name. The voucher table is
 * small (one row per campaign), so every row is read and filtered with the same rule the
 * validation applies, rather than restating that rule in SQL.
 */
export async function listVouchers(
  db: Database,
  today: string,
  query: { search: string },
): Promise<ListVoucherResults> {
  const rows = await selectVouchers(db).orderBy(
    sql`lower(${vouchers.name}) COLLATE "C"`,
    sql`${vouchers.code} COLLATE "C"`,
  );
  return {
    list: rows.filter((voucher) => refusalToday(voucher, today) === null && matches(voucher, query.search)).map(toItem),
  };
}

/** The voucher's terms, one sentence per rule it has. */
export function voucherTerms(voucher: VoucherRow, today: string): string[] {
  const terms: string[] = [];
  terms.push(
    voucher.discountType === 'persen'
      ? `Diskon ${voucher.discountValue}% dari total harga tiket`
      : `Potongan ${formatRupiah(voucher.discountValue)} dari total harga tiket`,
  );
  if (voucher.discountType === 'persen' && voucher.maxDiscount !== null) {
    terms.push(`Potongan maksimal ${formatRupiah(voucher.maxDiscount)}`);
  }
  terms.push(
    voucher.minAmount > 0 ? `Minimal transaksi ${formatRupiah(voucher.minAmount)}` : 'Tanpa minimal transaksi',
  );
  if (today < voucher.validFrom) terms.push(`Berlaku mulai ${longDateId(voucher.validFrom)}`);
  terms.push(
    today > voucher.validUntil
      ? `Masa berlaku berakhir ${longDateId(voucher.validUntil)}`
      : `Berlaku sampai ${longDateId(voucher.validUntil)}`,
  );
  if (voucher.paymentMethodCode !== null) {
    terms.push(`Hanya berlaku untuk pembayaran ${voucher.paymentMethodName ?? voucher.paymentMethodCode}`);
  }
  if (voucher.quota !== null) {
    const left = Math.max(0, voucher.quota - voucher.used);
    terms.push(left > 0 ? `Kuota terbatas, tersisa ${left} dari ${voucher.quota}` : VOUCHER_MESSAGE.quotaUsed);
  }
  return terms;
}

/** GET detail-voucher: any voucher by code, usable or not, with its terms. */
export async function voucherDetail(db: Database, today: string, code: string): Promise<DetailVoucherResults> {
  const voucher = await findVoucher(db, code);
  if (!voucher) throw notFound(VOUCHER_MESSAGE.detailNotFound);
  return { ...toItem(voucher), syarat: voucherTerms(voucher, today) };
}

/** The named vouchers that are usable today (an event's vouchers), in the order given. */
export async function usableVouchers(db: Database, today: string, codes: readonly string[]): Promise<VoucherItem[]> {
  if (codes.length === 0) return [];
  const rows = await selectVouchers(db).where(inArray(vouchers.code, [...codes]));
  const byCode = new Map(rows.map((row) => [row.code, row]));
  return codes
    .map((code) => byCode.get(code))
    .filter((row): row is VoucherRow => row !== undefined && refusalToday(row, today) === null)
    .map(toItem);
}
