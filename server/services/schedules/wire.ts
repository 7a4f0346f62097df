import type { ConnectingLeg, Schedule } from '../../../contract';
import type { Database } from '../../db/client';
import type { ItemRow } from './items-sql';
import { loadLegs, toWireLeg, type LoadedLeg } from './legs';
import type { ScheduleSeats } from './seat-counts';

/** Search items as the wire's Schedule objects. */

/** Items as the wire's Schedule objects; connecting ones get their legs. */
export async function toSchedules(db: Database, rows: readonly ItemRow[]): Promise<Schedule[]> {
  return (await toSchedulesWithSeats(db, rows)).schedules;
}

/** As toSchedules, with where each schedule's remaining seats come from (same order). */
export async function toSchedulesWithSeats(
  db: Database,
  rows: readonly ItemRow[],
): Promise<{ schedules: Schedule[]; seats: ScheduleSeats[] }> {
  const tripsByDay = new Map<string, number[]>();
  for (const row of rows) {
    if (row.kind !== 'connecting') continue;
    tripsByDay.set(row.day, [...(tripsByDay.get(row.day) ?? []), row.item_id]);
  }
  const legs = new Map<string, LoadedLeg[]>();
  for (const [day, ids] of tripsByDay) {
    const loaded = await loadLegs(db, ids, day);
    for (const [tripId, list] of loaded) legs.set(`${tripId}@${day}`, list);
  }
  const schedules: Schedule[] = [];
  const seats: ScheduleSeats[] = [];
  for (const row of rows) {
    const own = row.kind === 'connecting' ? (legs.get(`${row.item_id}@${row.day}`) ?? []) : [];
    schedules.push(toSchedule(row, own.map(toWireLeg)));
    seats.push(
      row.kind === 'connecting'
        ? { kind: 'connecting', legs: own.map((leg) => leg.seats) }
        : { kind: 'direct', slot: { scheduleId: row.item_id, date: row.day, capacity: row.total_seats } },
    );
  }
  return { schedules, seats };
}

export function priceTicket(row: Pick<ItemRow, 'price_lo' | 'price_hi'>): number[] {
  return row.price_hi > row.price_lo ? [row.price_lo, row.price_hi] : [row.price_lo];
}

function toSchedule(row: ItemRow, legs: ConnectingLeg[]): Schedule {
  return {
    code_schedule: row.code,
    is_connecting: row.kind === 'connecting',
    operator_code: row.operator_code,
    operator_name: row.operator_name,
    operator_type: row.operator_type,
    operator_logo: row.operator_logo,
    service: row.service,
    jurusan_id: row.jurusan_id,
    depart: row.depart_name,
    drop: row.drop_name,
    depart_city: row.depart_city,
    drop_city: row.drop_city,
    select_seat: row.select_seat,
    price_ticket: priceTicket(row),
    price_normal: row.price_normal,
    remaining_seats: row.remaining,
    total_seats: row.total_seats,
    time_departure: row.time_departure,
    time_arrival: row.time_arrival,
    date: row.day,
    address_from: row.address_from,
    address_to: row.address_to,
    lat_from: row.lat_from,
    lon_from: row.lon_from,
    lat_to: row.lat_to,
    lon_to: row.lon_to,
    facilities: row.facilities,
    is_refundable: row.refundable,
    routes_connecting: legs,
  };
}
