import type { ActorRefFrom } from 'xstate';
import { FIRST_CONNECTING_ROUTE } from '../../../machines/constants';
import {
  canSaveSelection,
  chosenSeatNumbers,
  legIndex,
  saveButtonLabel,
  seatCounter,
  selectionNormalPrice,
  selectionPrice,
  showsNormalPrice,
  type SeatSelectionSnapshot,
  type seatSelectionMachine,
} from '../../../machines/seat-selection.machine';
import type { ChosenSeat, SeatsByLeg } from '../../../machines/types';

/**
 * Narrow reads of a seat-selection child for the screens. Each returns a value that stays equal
 * (===, or by the compare given beside it) while what it shows is unchanged, so a seat tap only
 * wakes the tile and the summary.
 */

export type SeatActor = ActorRefFrom<typeof seatSelectionMachine>;

/** What the picker draws: the map, a skeleton, the retry message or the operator's refusal. */
export type SeatView = 'loading' | 'selecting' | 'unavailable' | 'notAllowed' | 'done';

export function seatView(snapshot: SeatSelectionSnapshot): SeatView {
  if (snapshot.status === 'done') return 'done';
  if (snapshot.matches('selecting')) return 'selecting';
  if (snapshot.matches('layoutUnavailable')) return 'unavailable';
  if (snapshot.matches('notAllowed')) return 'notAllowed';
  return 'loading';
}

/** Seats per leg as the page shows them: saved legs, then the working selection of the current one. */
export function seatsPerLeg(snapshot: SeatSelectionSnapshot): SeatsByLeg {
  const { savedSeats, selection, connectingRoute, legs } = snapshot.context;
  if (snapshot.status === 'done') return savedSeats;
  const current = connectingRoute - FIRST_CONNECTING_ROUTE;
  return legs.map((_, index) => (index < current ? (savedSeats[index] ?? []) : index === current ? selection : []));
}

const NO_SEATS: ChosenSeat[] = [];

/** seatsPerLeg with the leg being chosen left empty: what stays put while seats are tapped. */
export function otherLegsSeats(snapshot: SeatSelectionSnapshot): SeatsByLeg {
  const current = legIndex(snapshot.context);
  return seatsPerLeg(snapshot).map((seats, index) => (index === current ? NO_SEATS : seats));
}

export function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

export function sameSeatsPerLeg(a: SeatsByLeg, b: SeatsByLeg): boolean {
  return a.length === b.length && a.every((leg, index) => sameList<ChosenSeat>(leg, b[index] ?? []));
}

/** What the seat information shows for the leg being chosen, read at once. */
export interface SeatSummaryView {
  numbers: string[];
  chosen: number;
  total: number;
  price: number;
  normalPrice: number;
  struck: boolean;
  label: string;
  /** The choice is complete (the button is not greyed). */
  ready: boolean;
  /** The machine takes selection.save now. */
  canSave: boolean;
}

export function seatSummaryView(snapshot: SeatSelectionSnapshot): SeatSummaryView {
  const context = snapshot.context;
  const counter = seatCounter(context);
  return {
    numbers: chosenSeatNumbers(context),
    chosen: counter.chosen,
    total: counter.total,
    price: selectionPrice(context),
    normalPrice: selectionNormalPrice(context),
    struck: showsNormalPrice(context),
    label: saveButtonLabel(context),
    ready: canSaveSelection(context),
    canSave: snapshot.can({ type: 'selection.save' }),
  };
}
