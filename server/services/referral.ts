import { and, count, eq } from 'drizzle-orm';
import type { ReferralResults } from '../../contract';
import type { Database } from '../db/client';
import { reservations } from '../db/schema';

export const REFERRAL_TERMS = [
  'Bagikan tautan referral kepada teman dan keluarga.',
  'Pemesanan dihitung setelah dibayar lunas dalam 30 hari sejak tautan dibuka.',
  'Pemesanan yang dibatalkan atau kedaluwarsa tidak dihitung.',
];

/** A customer's code: stable, short, and readable aloud (no 0/O or 1/I confusion in base 32). */
export function referralCodeOf(customerId: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let value = customerId * 7919 + 104_729;
  let code = '';
  while (value > 0) {
    code = alphabet[value % 32] + code;
    value = Math.floor(value / 32);
  }
  return `REF-${code.padStart(5, 'A')}`;
}

export async function referralOf(db: Database, customerId: number): Promise<ReferralResults> {
  const code = referralCodeOf(customerId);
  const [row] = await db
    .select({ n: count() })
    .from(reservations)
    .where(and(eq(reservations.adsCode, code), eq(reservations.status, 'paid')));
  return {
    kode_referral: code,
    tautan: `/?ads_kode=${code}`,
    jumlah_pemesanan: row?.n ?? 0,
    syarat: REFERRAL_TERMS,
  };
}
