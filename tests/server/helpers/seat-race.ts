/**
 * Travellers racing for the same seats through several API processes (tests/server/cluster.test.ts
 * through node:cluster, haproxy.test.ts through HAProxy): each seat must go to exactly one.
 */
import { expect } from 'vitest';
import { RESERVATION_HEADER, type KursiResults } from '../../../contract';
import { httpCall, type Reply } from './api-process';

/** A shuttle departure of the seeded timetable with seat choice. */
export const RACE_LEG = { operator: 'XTR', code: 'XTR-BDG-JKT-0800' };
/** Seats raced for, and travellers per seat. */
export const RACE_SEATS = 6;
export const RACE_CONTENDERS = 5;

export interface RaceReply {
  seat: string;
  reply: Reply;
}

export async function freeSeats(base: string, date: string): Promise<string[]> {
  const reply = await httpCall(base, 'kursi', {
    operator_kode: RACE_LEG.operator,
    jadwal_kode: RACE_LEG.code,
    tanggal_berangkat: date,
  });
  if (reply.body.status !== 'OK') throw new Error('kursi failed');
  return (reply.body as { results: KursiResults }).results.layout_kursi
    .flatMap((floor) => Object.values(floor.kursi))
    .filter((s) => (s.tipe === 'P' || s.tipe === 'PS') && s.flag_booking === 0)
    .map((s) => s.no)
    .slice(0, RACE_SEATS);
}

/** RACE_CONTENDERS reservations (each with its own Idempotency-Key) for each seat, all at once. */
export function raceReservations(base: string, date: string, seats: readonly string[]): Promise<RaceReply[]> {
  return Promise.all(
    seats.flatMap((seat) =>
      Array.from({ length: RACE_CONTENDERS }, async (_, i) => {
        const reply = await httpCall(
          base,
          'reservasi',
          {
            operator_kode_pergi: RACE_LEG.operator,
            jadwal_kode_pergi: RACE_LEG.code,
            tanggal_berangkat_pergi: date,
            kursi_pergi: [{ no: seat, penumpang_nama: 'Budi Santoso' }],
            pemesan_nama: 'Rina Kartika',
            pemesan_telp: '081234567890',
            pemesan_email: 'rina@contoh.id',
            total_bayar: 0,
          },
          { [RESERVATION_HEADER.idempotencyKey]: `race-${base}-${date}-${seat}-${i}` },
        );
        return { seat, reply };
      }),
    ),
  );
}

/** RACE_CONTENDERS seat holds for each seat, all at once. */
export function raceHolds(base: string, date: string, seats: readonly string[]): Promise<RaceReply[]> {
  return Promise.all(
    seats.flatMap((seat) =>
      Array.from({ length: RACE_CONTENDERS }, async () => {
        const reply = await httpCall(base, 'holdKursi', {
          operator_kode: RACE_LEG.operator,
          jadwal_kode: RACE_LEG.code,
          tanggal_berangkat: date,
          kursi: [seat],
        });
        return { seat, reply };
      }),
    ),
  );
}

/** Each raced seat went to exactly one request; every other one for it was refused RSV-2. */
export function expectOneWinnerPerSeat(
  replies: readonly RaceReply[],
  seats: readonly string[],
  options: { loserStatus?: number } = {},
): void {
  expect(seats.length).toBeGreaterThan(0);
  for (const seat of seats) {
    const mine = replies.filter((r) => r.seat === seat);
    expect(mine).toHaveLength(RACE_CONTENDERS);
    expect(
      mine.filter((r) => r.reply.body.status === 'OK'),
      `seat ${seat}`,
    ).toHaveLength(1);
    for (const lost of mine.filter((r) => r.reply.body.status !== 'OK')) {
      if (options.loserStatus !== undefined) expect(lost.reply.status).toBe(options.loserStatus);
      expect(lost.reply.body).toMatchObject({ code: 'RSV-2' });
    }
  }
}

export const countBy = (values: readonly (string | null)[]) =>
  values.reduce<Record<string, number>>(
    (acc, value) => ({ ...acc, [value ?? 'none']: (acc[value ?? 'none'] ?? 0) + 1 }),
    {},
  );
