import { describe, expect, it } from 'vitest';
import type { ConnectingLeg, Schedule } from '../../contract/schedules';
import { scheduleToTripLegs, toOutboundTrip, toScheduleCard, toTripLegs, withReturnLeg } from '../../src/api/mappers';

const schedule = (overrides: Partial<Schedule> = {}): Schedule => ({
  code_schedule: 'PRM-BDG-JKT-0700',
  is_connecting: false,
  operator_code: 'PRM',
  operator_name: 'Primajasa',
  operator_type: 'shuttle',
  operator_logo: '/logo/prm.png',
  service: 'Executive',
  jurusan_id: 4,
  depart: 'Pool Pasteur',
  drop: 'Pool Cawang',
  depart_city: 'Bandung',
  drop_city: 'Jakarta',
  select_seat: true,
  price_ticket: [120000, 150000],
  price_normal: 170000,
  remaining_seats: 8,
  total_seats: 12,
  time_departure: '07:00',
  time_arrival: '10:00',
  date: '2026-11-23',
  address_from: 'Jl. Pasteur',
  address_to: 'Jl. Cawang',
  lat_from: -6.9,
  lon_from: 107.6,
  lat_to: -6.2,
  lon_to: 106.8,
  facilities: ['ac'],
  is_refundable: true,
  routes_connecting: [],
  ...overrides,
});

const leg = (n: number, overrides: Partial<ConnectingLeg>): ConnectingLeg => ({
  leg: n,
  operator_name: 'Cipaganti',
  operator_code: 'CPT',
  operator_type: 'shuttle',
  operator_logo: '/logo/cpt.png',
  schedule_code: 'CPT-BDG-CRB-0600',
  date_go: '2026-11-23',
  jam_berangkat: '06:00',
  jam_tiba: '09:00',
  asal_kota_nama: 'Bandung',
  asal_cabang_nama: 'Pool Pasteur',
  tujuan_kota_nama: 'Cirebon',
  tujuan_cabang_nama: 'Pool Tuparev',
  harga: 90000,
  sisa_kursi: 5,
  select_seat: true,
  kursi: [],
  rute: [],
  asal_lat: -6.9,
  asal_cabang_lat: -6.9,
  asal_cabang_lon: 107.6,
  tujuan_cabang_lat: -6.7,
  tujuan_cabang_lon: 108.5,
  ...overrides,
});

const connecting = schedule({
  code_schedule: 'CT-BDG-SMG-0600',
  is_connecting: true,
  is_refundable: false,
  // Out of order on purpose: legs follow their numbers.
  routes_connecting: [
    leg(2, {
      operator_name: 'Nusantara',
      operator_code: 'NRS',
      operator_type: 'bus',
      schedule_code: 'NRS-CRB-SMG-1000',
      jam_berangkat: '10:00',
      asal_cabang_nama: 'Pool Tuparev',
      tujuan_cabang_nama: 'Pool Pemuda',
      select_seat: false,
      sisa_kursi: 2,
    }),
    leg(1, {}),
  ],
});

describe('Schedule -> TripLeg', () => {
  it('maps a direct schedule to one leg', () => {
    expect(scheduleToTripLegs(schedule())).toEqual([
      {
        operatorCode: 'PRM',
        operatorName: 'Primajasa',
        operatorType: 'shuttle',
        operatorLogo: '/logo/prm.png',
        scheduleCode: 'PRM-BDG-JKT-0700',
        date: '2026-11-23',
        departureTime: '07:00',
        origin: 'Pool Pasteur',
        destination: 'Pool Cawang',
        selectSeat: true,
        refundable: true,
        remainingSeats: 8,
      },
    ]);
  });

  it('maps a connecting itinerary to its legs in order', () => {
    const legs = scheduleToTripLegs(connecting);
    expect(legs.map((l) => l.scheduleCode)).toEqual(['CPT-BDG-CRB-0600', 'NRS-CRB-SMG-1000']);
    expect(legs[1]).toMatchObject({
      operatorCode: 'NRS',
      operatorType: 'bus',
      departureTime: '10:00',
      origin: 'Pool Tuparev',
      destination: 'Pool Pemuda',
      selectSeat: false,
      refundable: false,
      remainingSeats: 2,
    });
  });

  it('keeps the connecting legs on the card for the list', () => {
    const card = toScheduleCard(connecting);
    expect(card.legs.map((l) => [l.leg, l.scheduleCode, l.operatorType])).toEqual([
      [2, 'NRS-CRB-SMG-1000', 'bus'],
      [1, 'CPT-BDG-CRB-0600', 'shuttle'],
    ]);
  });
});

describe('Schedule -> Trip', () => {
  it('one way', () => {
    expect(toOutboundTrip(toScheduleCard(schedule()), false)).toEqual({
      kind: 'one-way',
      outbound: toTripLegs(toScheduleCard(schedule())),
      return: null,
      connectingCode: null,
    });
  });

  it('connecting, with its code', () => {
    const trip = toOutboundTrip(toScheduleCard(connecting), false);
    expect(trip.kind).toBe('connecting');
    expect(trip.connectingCode).toBe('CT-BDG-SMG-0600');
    expect(trip.outbound).toHaveLength(2);
  });

  it('round trip: outbound first, the return completes it', () => {
    const outbound = toOutboundTrip(toScheduleCard(schedule()), true);
    expect(outbound).toMatchObject({ kind: 'round-trip', return: null });
    const back = schedule({ code_schedule: 'PRM-JKT-BDG-1500', depart: 'Pool Cawang', drop: 'Pool Pasteur' });
    const full = withReturnLeg(outbound, toScheduleCard(back));
    expect(full.kind).toBe('round-trip');
    expect(full.outbound[0]?.scheduleCode).toBe('PRM-BDG-JKT-0700');
    expect(full.return?.map((l) => [l.scheduleCode, l.origin])).toEqual([['PRM-JKT-BDG-1500', 'Pool Cawang']]);
  });
});
