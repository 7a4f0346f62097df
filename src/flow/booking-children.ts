import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { bookerFormMachine } from '../../machines/booker-form.machine';
import type { ChildRequest } from '../../machines/booking-context';
import { bookerFormChild, passengerFormChild, seatSelectionChild } from '../../machines/booking-selectors';
import type { passengerFormMachine } from '../../machines/passenger-form.machine';
import type { seatSelectionMachine } from '../../machines/seat-selection.machine';
import type { Direction } from '../../machines/types';
import { useBookingActor, useBookingSelector } from './app-flow';

export type SeatSelectionRef = ActorRefFrom<typeof seatSelectionMachine>;
export type PassengerFormRef = ActorRefFrom<typeof passengerFormMachine>;
export type BookerFormRef = ActorRefFrom<typeof bookerFormMachine>;

/*
 * The booking machine's running children by their one name (the machines' selectors), never by
 * building ids in a screen. Each hook re-renders when that child starts or stops.
 */

export function useSeatSelectionChild(direction: Direction): SeatSelectionRef | undefined {
  return useBookingSelector((snapshot) => seatSelectionChild(snapshot, direction));
}

export function usePassengerFormChild(direction: Direction, legIndex = 0): PassengerFormRef | undefined {
  return useBookingSelector((snapshot) => passengerFormChild(snapshot, direction, legIndex));
}

export function useBookerFormChild(): BookerFormRef | undefined {
  return useBookingSelector((snapshot) => bookerFormChild(snapshot));
}

/**
 * A screen that hosts a child asks for it when it mounts (after a reload, or a link opened
 * straight): the machine starts it unless it already runs. A form the page shows inline passes
 * `running` and asks again when the child has finished (saving ends a child; the form stays on the
 * page); a page of its own asks once per request.
 */
export function useAttachChild(request: ChildRequest | null, running = false): void {
  const booking = useBookingActor();
  const key = request ? JSON.stringify(request) : null;
  useEffect(() => {
    if (!key || running) return;
    booking.send({ type: 'child.attach', request: JSON.parse(key) as ChildRequest });
  }, [booking, key, running]);
}
