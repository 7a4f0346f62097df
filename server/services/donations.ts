/**
 * Donasi Berkah (spec section 7): the sum, donors and comments of paid reservations. Read at query
 * time from the reservations themselves, so a cancelled or expired order never counts and a paid
 * one counts at once, in every API process.
 */
import { and, count, desc, eq, gt, isNotNull, ne, sql, sum } from 'drizzle-orm';
import type { DonasiListKomentarResults, DonasiSummaryResults } from '../../contract';
import type { Database } from '../db/client';
import { reservations } from '../db/schema';

export const DONATION_PROGRAM = {
  judul: 'Donasi Berkah',
  deskripsi:
    'Sedekah kecil yang dititipkan para penumpang bersama tiketnya, disalurkan untuk santunan, bantuan kesehatan awak armada, dan tanggap bencana.',
} as const;

const COMMENTS_PER_PAGE = 10;

const paidWithDonation = and(eq(reservations.status, 'paid'), gt(reservations.donation, 0));
const withComment = and(
  paidWithDonation,
  isNotNull(reservations.donationMessage),
  ne(sql`trim(${reservations.donationMessage})`, ''),
);

/** "Rina Kartika" -> "Rina K."; one word stays as it is. */
export function shortName(name: string): string {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  const initial = rest.at(-1)?.[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

export async function donationSummary(db: Database, now: Date): Promise<DonasiSummaryResults> {
  const [totals] = await db
    .select({ total: sum(reservations.donation), donors: count() })
    .from(reservations)
    .where(paidWithDonation);
  const [comments] = await db.select({ n: count() }).from(reservations).where(withComment);
  return {
    ...DONATION_PROGRAM,
    total_donasi: Number(totals?.total ?? 0),
    jumlah_donatur: totals?.donors ?? 0,
    jumlah_komentar: comments?.n ?? 0,
    diperbarui: now.toISOString(),
  };
}

export async function donationComments(db: Database, page: number): Promise<DonasiListKomentarResults> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        name: reservations.bookerName,
        message: reservations.donationMessage,
        donation: reservations.donation,
        paidAt: reservations.paidAt,
        createdAt: reservations.createdAt,
      })
      .from(reservations)
      .where(withComment)
      .orderBy(desc(sql`coalesce(${reservations.paidAt}, ${reservations.createdAt})`), desc(reservations.id))
      .limit(COMMENTS_PER_PAGE)
      .offset((page - 1) * COMMENTS_PER_PAGE),
    db.select({ n: count() }).from(reservations).where(withComment),
  ]);
  return {
    list: rows.map((row) => ({
      nama: shortName(row.name),
      komentar: (row.message ?? '').trim(),
      donasi: row.donation,
      waktu: (row.paidAt ?? row.createdAt).toISOString(),
    })),
    page,
    total_page: Math.ceil((total?.n ?? 0) / COMMENTS_PER_PAGE),
  };
}
