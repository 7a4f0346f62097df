/**
 * "Pesanan Saya": a signed-in customer's own orders (list-reservasi, list-riwayat-reservasi).
 * Active: unpaid within its deadline, or paid with its last leg not travelled yet (Jakarta date);
 * every other order is history. Statuses read as of now, like the order page.
 */
import { sql } from 'drizzle-orm';
import type { OrderCard, OrderCardLeg, OrderCardPage, OrderStatus } from '../../contract';
import type { Database } from '../db/client';
import { PASSENGER_LEGS } from './orders';
import { queryRows } from './sql';

export const ORDER_PAGE_SIZE = 10;

interface CardRow {
  total: number;
  id: number | null;
  code: string;
  status: OrderStatus;
  total_bayar: number;
  created_at: string;
  expires_at: string;
  passengers: number;
}

interface LegRow {
  reservation_id: number;
  direction: 'pergi' | 'pulang';
  leg_no: number;
  operator_nama: string;
  operator_logo: string;
  asal_kota_nama: string;
  asal_cabang_nama: string;
  tujuan_kota_nama: string;
  tujuan_cabang_nama: string;
  tanggal_berangkat: string;
  jam_berangkat: string;
}

export interface HistoryQuery {
  customerId: number;
  which: 'active' | 'past';
  page: number;
  now: Date;
  today: string;
}

export async function listOrders(db: Database, query: HistoryQuery): Promise<OrderCardPage> {
  const at = query.now.toISOString();
  const active = sql`(
    (r.status = 'pending' AND r.expires_at > ${at}::timestamptz)
    OR (r.status = 'paid' AND r.last_travel_date >= ${query.today}::date)
  )`;
  const offset = (query.page - 1) * ORDER_PAGE_SIZE;
  const order = query.which === 'active' ? sql`m.first_departure ASC, m.id ASC` : sql`m.created_at DESC, m.id DESC`;
  // The travel span is stored on the order when it is made, and the customer's index holds every
  // column the split and the order need: the count and the page read that index alone (never the
  // orders' seats), and only the page's ten orders are fetched, so a page costs the same after years.
  const rows = await queryRows<CardRow>(
    db,
    sql`
    WITH mine AS (
      SELECT r.id, r.created_at, r.first_departure
      FROM reservations r
      WHERE r.customer_id = ${query.customerId} AND ${query.which === 'active' ? active : sql`NOT ${active}`}
    )
    SELECT counted.total, page.*
    FROM (SELECT count(*)::int AS total FROM mine) counted
    LEFT JOIN LATERAL (
      SELECT r.id::int, r.code::text,
             CASE WHEN r.status = 'pending' AND r.expires_at <= ${at}::timestamptz THEN 'expired' ELSE r.status END AS status,
             r.total::int AS total_bayar, r.created_at AS created_at, r.expires_at AS expires_at,
             (SELECT count(*)::int FROM passengers p
              WHERE p.reservation_id = r.id AND p.direction = 'pergi' AND p.leg_no = 1) AS passengers
      FROM (SELECT m.* FROM mine m ORDER BY ${order} LIMIT ${ORDER_PAGE_SIZE} OFFSET ${offset}) m
      JOIN reservations r ON r.id = m.id
      ORDER BY ${order}
    ) page ON true`,
  );
  const total = rows[0]?.total ?? 0;
  const cards = rows.filter((row): row is CardRow & { id: number } => row.id !== null);
  const legs = await legsOf(
    db,
    cards.map((card) => card.id),
  );
  const list: OrderCard[] = cards.flatMap((card) => {
    const own = legs.filter((leg) => leg.reservation_id === card.id);
    const outbound = own.filter((leg) => leg.direction === 'pergi');
    const first = outbound[0];
    if (!first) return [];
    const back = own.find((leg) => leg.direction === 'pulang');
    return [
      {
        reservasi_kode: card.code,
        status: card.status,
        total_bayar: card.total_bayar,
        dibuat_pada: new Date(card.created_at).toISOString(),
        batas_bayar: new Date(card.expires_at).toISOString(),
        jumlah_penumpang: card.passengers,
        pergi: cardLeg(first),
        pulang: back ? cardLeg(back) : null,
        jumlah_leg: outbound.length > 1 ? outbound.length : 0,
      },
    ];
  });
  return { page: query.page, per_page: ORDER_PAGE_SIZE, total, list };
}

function cardLeg(row: LegRow): OrderCardLeg {
  return {
    operator_nama: row.operator_nama,
    operator_logo: row.operator_logo,
    asal_kota_nama: row.asal_kota_nama,
    asal_cabang_nama: row.asal_cabang_nama,
    tujuan_kota_nama: row.tujuan_kota_nama,
    tujuan_cabang_nama: row.tujuan_cabang_nama,
    tanggal_berangkat: row.tanggal_berangkat,
    jam_berangkat: row.jam_berangkat,
  };
}

/** One row per leg of each order, from its first passenger's seat: legs in travel order. */
async function legsOf(db: Database, ids: number[]): Promise<LegRow[]> {
  if (ids.length === 0) return [];
  return queryRows<LegRow>(
    db,
    sql`
    SELECT DISTINCT ON (p.reservation_id, p.direction, p.leg_no)
           p.reservation_id::int AS reservation_id, p.direction, p.leg_no::int AS leg_no,
           o.name AS operator_nama, o.logo AS operator_logo,
           oc.name AS asal_kota_nama, op.name AS asal_cabang_nama,
           dc.name AS tujuan_kota_nama, dp.name AS tujuan_cabang_nama,
           to_char(sb.departure_date, 'YYYY-MM-DD') AS tanggal_berangkat,
           to_char(s.departure_time, 'HH24:MI') AS jam_berangkat
    ${PASSENGER_LEGS}
    WHERE p.reservation_id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    ORDER BY p.reservation_id, p.direction, p.leg_no, p.id`,
  );
}
