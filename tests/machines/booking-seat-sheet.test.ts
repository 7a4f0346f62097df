import { describe, expect, it } from 'vitest';
import { seatSheetCloseBlock } from '../../machines/booking-validation';
import type { SeatsByLeg } from '../../machines/types';
import { oneWay, roundTrip, seat } from './booking-fixtures';

const seats = (pergi: SeatsByLeg, pulang: SeatsByLeg) => ({ pergi, pulang });

describe('seat sheet close block (spec section 2)', () => {
  it('keeps a desktop round-trip seat sheet open until both directions have seats', () => {
    const none = { trip: roundTrip, layout: 'd' as const, seats: seats([[]], [[]]) };
    expect(seatSheetCloseBlock(none)).toBe('Mohon pilih kursi terlebih dahulu');
    expect(seatSheetCloseBlock({ ...none, seats: seats([[seat('1')]], [[]]) })).toBe(
      'Mohon pilih kursi terlebih dahulu',
    );
    expect(seatSheetCloseBlock({ ...none, seats: seats([[seat('1')]], [[seat('2')]]) })).toBeNull();
  });

  it('never blocks on mobile or for a one-way trip', () => {
    expect(seatSheetCloseBlock({ trip: roundTrip, layout: 'm', seats: seats([[]], [[]]) })).toBeNull();
    expect(seatSheetCloseBlock({ trip: oneWay, layout: 'd', seats: seats([[]], [[]]) })).toBeNull();
  });
});
