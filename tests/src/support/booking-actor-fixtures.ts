import type { BookingInput } from '../../../machines/booking-context';
import type { Trip } from '../../../machines/types';

/** A guest on the mobile layout with every option on. */
export const guestInput: BookingInput = {
  layout: 'm',
  signedIn: false,
  features: { refundable: true, berkah: true, point: true },
};

/** One outbound leg, as the schedule list's "Pilih" sets it. */
export const oneLegTrip: Trip = {
  kind: 'round-trip',
  outbound: [
    {
      operatorCode: 'PRM',
      operatorName: 'Primajasa',
      operatorType: 'shuttle',
      operatorLogo: '',
      scheduleCode: 'PRM-BDG-JKT-0700',
      date: '2026-11-23',
      departureTime: '07:00',
      origin: 'Pool Pasteur',
      destination: 'Pool Cawang',
      selectSeat: true,
      refundable: true,
    },
  ],
  return: null,
  connectingCode: null,
};

/** localStorage in memory; `writes` lists every value written, in order. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const writes: string[] = [];
  return {
    data,
    writes,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      writes.push(value);
      data.set(key, value);
    },
    removeItem: (key: string) => void data.delete(key),
  };
}
