/**
 * Demo mode only: an operator's fare change, so an e2e run or a demo can change a price between
 * the price check and the reservation (the price-change dialog). The base price moves; a second
 * (tier-2) price moves by the same amount, so every non-promo seat sees the change.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { notFound } from './errors';
import { clearSearchCache } from './schedules/search-cache';
import { queryRows } from './sql';

export async function changeFare(
  db: Database,
  operator: string,
  jadwal: string,
  harga: number,
): Promise<{ harga: number }> {
  const rows = await queryRows<{ price: number }>(
    db,
    sql`UPDATE schedules s
        SET price = ${harga}, price2 = CASE WHEN s.price2 IS NULL THEN NULL ELSE GREATEST(0, s.price2 + ${harga} - s.price) END
        FROM routes r JOIN operators o ON o.id = r.operator_id
        WHERE r.id = s.route_id AND s.code = ${jadwal} AND o.code = ${operator}
        RETURNING s.price::int AS price`,
  );
  if (rows.length === 0) throw notFound('Jadwal tidak ditemukan');
  clearSearchCache(db);
  return { harga };
}
