import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { bookerFormMachine } from '../../machines/booker-form.machine';
import { childId, type BookingSnapshot, type ChildRequest } from '../../machines/booking.machine';
import type { passengerFormMachine } from '../../machines/passenger-form.machine';
import type { seatSelectionMachine } from '../../machines/seat-selection.machine';
import type { Direction } from '../../machines/types';
import { useBookingActor, useBookingSelector } from './booking-actor';

export type SeatSelectionRef = ActorRefFrom<typeof seatSelectionMachine>;
export type PassengerFormRef = ActorRefFrom<typeof passengerFormMachine>;
export type BookerFormRef = ActorRefFrom<typeof bookerFormMachine>;

/*
 * The booking machine's children by their one name (machines' childId), never by building ids
 * in a screen. Each hook re-renders when that child starts or stops.
 */

function child(snapshot: BookingSnapshot, request: ChildRequest) {
  return snapshot.children[childId(request) as keyof typeof snapshot.children];
}

export function useSeatSelectionChild(direction: Direction): SeatSelectionRef | undefined {
  return useBookingSelector(
    (snapshot) => child(snapshot, { kind: 'seatSelection', direction }) as SeatSelectionRef | undefined,
  );
}

export function usePassengerFormChild(direction: Direction, legIndex = 0): PassengerFormRef | undefined {
  return useBookingSelector(
    (snapshot) => child(snapshot, { kind: 'passengerForm', direction, legIndex }) as PassengerFormRef | undefined,
  );
}

export function useBookerFormChild(): BookerFormRef | undefined {
  return useBookingSelector((snapshot) => child(snapshot, { kind: 'bookerForm' }) as BookerFormRef | undefined);
}

/**
 * A screen that hosts a child asks for it when it mounts (after a reload, or a link opened
 * straight): the machine starts it unless it already runs.
 */
export function useAttachChild(request: ChildRequest | null): void {
  const booking = useBookingActor();
  const key = request ? JSON.stringify(request) : null;
  useEffect(() => {
    if (!key) return;
    booking.send({ type: 'child.attach', request: JSON.parse(key) as ChildRequest });
  }, [booking, key]);
}
