import { assign, emit, enqueueActions, raise, setup } from 'xstate';
import { firstError, PassengerNameSchema, typePassengerName } from '../contract/fields';
import {
  COMPLETION_DEBOUNCE_MS,
  FIRST_CONNECTING_ROUTE,
  MAX_PASSENGERS,
  VALIDATION_DEBOUNCE_MS,
  RETURN_ROUTE_PARAM,
} from './constants';
import { toast } from './toast';
import type {
  ChosenSeat,
  Direction,
  NavigateEmitted,
  NavigationIntent,
  PassengerFormOutput,
  PassengerMap,
  ToastEmitted,
  Trip,
} from './types';

/**
 * Passenger names of one leg of one direction (spec sections 2, 4 and 5). The screen renders
 * `selectRows` and sends events; the parent reads the output of the final state.
 */

/** UI texts of this form that are not field rules (those live in contract/fields). */
export const passengerFormTexts = {
  placeholder: 'Masukan Nama',
  noSeatsLeft: 'Tidak tersedia kursi lagi',
  maxPassengers: `Sudah mencapai batas maksimum (${MAX_PASSENGERS}) penumpang.`,
  sameAsFirst: 'Sama dengan penumpang rute pertama',
} as const;

/**
 * Which screen hosts the form; it decides where saving leads (see `navigationAfterSave`).
 * - `passenger-screen`: the mobile passenger form route (m-information-passengers-no-select-seat).
 * - `booking-page`: the mobile seat + passenger flow started from the booking page (select-seat).
 * - `embedded`: the desktop booking page shows the form inline, so saving navigates nowhere.
 */
export type PassengerFormFlow = 'passenger-screen' | 'booking-page' | 'embedded';

export interface PassengerFormInput {
  flow: PassengerFormFlow;
  tripKind: Trip['kind'];
  direction: Direction;
  /** 0-based leg of a connecting trip (0 for direct trips). */
  legIndex: number;
  /** Legs of this direction (1 for direct trips). */
  legCount: number;
  /** Chosen seats of this leg; when there are any, rows follow them one to one. */
  seats: ChosenSeat[];
  /** The schedule's remaining seats (remaining_seats); rows already typed use them up. null: not told. */
  remainingSeats: number | null;
  bookerName: string;
  /** Names of the first connecting leg, for the switch on later legs. */
  firstLegNames?: string[];
  /** Names stored earlier, keyed as `passengerKey` says. */
  initial?: PassengerMap;
  /** The booking page was opened with the query `sa`. */
  sa: boolean;
}

export interface PassengerRow {
  name: string;
  /** Shown under the input; always one of contract `messages`. */
  error: string | null;
}

export interface PassengerFormContext {
  flow: PassengerFormFlow;
  tripKind: Trip['kind'];
  direction: Direction;
  legIndex: number;
  legCount: number;
  sa: boolean;
  seats: ChosenSeat[];
  remainingSeats: number | null;
  bookerName: string;
  firstLegNames: string[] | null;
  rows: PassengerRow[];
  /** Own-details switch ("Sama dengan pemesan"). */
  selfDetails: boolean;
  /** "Sama dengan penumpang rute pertama" (connecting legs after the first). */
  sameAsFirst: boolean;
  /** Rows typed into since the last debounced validation. */
  pending: number[];
  /** Result of the last (debounced) completeness check. */
  complete: boolean;
}

/** The parent merges legs by `legIndex` and takes the rebuilt seat list from here. */
export interface PassengerFormLegOutput extends PassengerFormOutput {
  legIndex: number;
  seats: ChosenSeat[];
}

export type PassengerFormEvent =
  | { type: 'passenger.type'; index: number; value: string }
  | { type: 'passenger.add' }
  | { type: 'passenger.remove'; index: number }
  | { type: 'self.toggle' }
  | { type: 'sameAsFirst.toggle' }
  | { type: 'booker.changed'; name: string }
  | { type: 'form.save' }
  // Raised by the form itself to restart a debounce; harmless when sent from outside.
  | { type: 'validation.restart' }
  | { type: 'completion.restart' }
  /** Sent after a reload restored this form: pending debounces start again. */
  | { type: 'flow.resume' }
  /** The seats of this leg changed while the form was open (desktop: the seat sheet or page). */
  | { type: 'seats.update'; seats: ChosenSeat[] }
  /** The first connecting leg's names changed while this later leg's form was open (desktop shows all legs). */
  | { type: 'firstLeg.update'; names: string[] };

/** Spec section 3: `pass0..` for direct legs, `pass{leg}-{index}` (leg 0-based) for connecting legs. */
export function passengerKey(tripKind: Trip['kind'], legIndex: number, index: number): string {
  return tripKind === 'connecting' ? `pass${legIndex}-${index}` : `pass${index}`;
}

export type PassengerNavigationInput = Pick<
  PassengerFormInput,
  'flow' | 'tripKind' | 'direction' | 'legIndex' | 'legCount' | 'sa'
>;

/**
 * Where saving leads. The spec has two texts and both are right for their own screen:
 * - "Passenger form screen (mobile)": one-way back one step; round trip from outbound to the
 *   return form; from the return form back two steps.
 * - "Mobile passenger flow after saving" (the booking page's seat + passenger flow): with query
 *   sa back two; one-way back two; round trip from outbound to select-seat with the return param,
 *   from the return back four; connecting: the next leg (connecting_route + 1) until the last,
 *   then back twice the number of legs.
 * Connecting legs: the seat page chooses every leg's seats on one screen (its "Rute N" strip), so
 * the names follow leg by leg on this form (connecting_route + 1, where later legs offer "Sama
 * dengan penumpang rute pertama"); after the last leg the flow goes back to the booking page: one
 * step per form, plus the seat page when the flow came through it.
 */
export function navigationAfterSave(input: PassengerNavigationInput): NavigationIntent | null {
  if (input.flow === 'embedded') return null;
  if (input.tripKind === 'connecting') {
    if (input.legIndex + 1 < input.legCount) {
      return {
        kind: 'route',
        name: 'm-information-passengers-no-select-seat',
        search: { connecting_route: FIRST_CONNECTING_ROUTE + input.legIndex + 1 },
      };
    }
    return { kind: 'back', steps: input.legCount + (input.flow === 'booking-page' ? 1 : 0) };
  }
  if (input.flow === 'passenger-screen') {
    if (input.tripKind === 'one-way') return { kind: 'back', steps: 1 };
    return input.direction === 'pergi'
      ? { kind: 'route', name: 'm-information-passengers-no-select-seat', params: { return: RETURN_ROUTE_PARAM } }
      : { kind: 'back', steps: 2 };
  }
  if (input.sa) return { kind: 'back', steps: 2 };
  switch (input.tripKind) {
    case 'one-way':
      return { kind: 'back', steps: 2 };
    case 'round-trip':
      return input.direction === 'pergi'
        ? { kind: 'route', name: 'select-seat', params: { return: RETURN_ROUTE_PARAM } }
        : { kind: 'back', steps: 4 };
  }
}

function isValidName(name: string): boolean {
  return firstError(PassengerNameSchema, name) === null;
}

function allValid(rows: readonly PassengerRow[]): boolean {
  return rows.every((row) => isValidName(row.name));
}

function matchesFirstLeg(rows: readonly PassengerRow[], firstLegNames: readonly string[] | null): boolean {
  return firstLegNames !== null && rows.every((row, index) => row.name === (firstLegNames[index] ?? ''));
}

function withoutIndex(pending: readonly number[], index: number): number[] {
  return pending.filter((item) => item !== index);
}

/** New rows, with the switches turned off when the names no longer match what they copied. */
function withRows(
  context: PassengerFormContext,
  rows: PassengerRow[],
  pending: number[],
): Partial<PassengerFormContext> {
  return {
    rows,
    pending,
    selfDetails: context.selfDetails && rows[0]?.name === context.bookerName,
    sameAsFirst: context.sameAsFirst && matchesFirstLeg(rows, context.firstLegNames),
  };
}

const isSeatBound = (context: PassengerFormContext) => context.seats.length > 0;
// Rows already in the form use up the schedule's remaining seats.
const hasNoSeatsLeft = (context: PassengerFormContext) =>
  context.remainingSeats !== null && context.remainingSeats - context.rows.length <= 0;
const isAtMaxPassengers = (context: PassengerFormContext) => context.rows.length >= MAX_PASSENGERS;
const hasBookerName = (context: PassengerFormContext) => context.bookerName.trim() !== '';
const isLaterConnectingLeg = (context: Pick<PassengerFormContext, 'tripKind' | 'legIndex' | 'firstLegNames'>) =>
  context.tripKind === 'connecting' && context.legIndex > 0 && context.firstLegNames !== null;

function initialRows(input: PassengerFormInput): PassengerRow[] {
  const initial = input.initial ?? {};
  const nameAt = (index: number) => initial[passengerKey(input.tripKind, input.legIndex, index)] ?? '';
  if (input.seats.length > 0) return input.seats.map((_, index) => ({ name: nameAt(index), error: null }));
  let count = 1;
  while (count < MAX_PASSENGERS && passengerKey(input.tripKind, input.legIndex, count) in initial) count += 1;
  return Array.from({ length: count }, (_, index) => ({ name: nameAt(index), error: null }));
}

// The spec gives no place for these toasts; the form's own messages show at the top.

export const passengerFormMachine = setup({
  types: {
    input: {} as PassengerFormInput,
    context: {} as PassengerFormContext,
    events: {} as PassengerFormEvent,
    emitted: {} as NavigateEmitted | ToastEmitted,
    output: {} as PassengerFormLegOutput,
  },
  delays: {
    validationDebounce: VALIDATION_DEBOUNCE_MS,
    completionDebounce: COMPLETION_DEBOUNCE_MS,
  },
  guards: {
    isKnownRow: ({ context }, params: { index: number }) => params.index >= 0 && params.index < context.rows.length,
    // The first row always stays: there is at least one passenger.
    isRemovableRow: ({ context }, params: { index: number }) => params.index >= 1 && params.index < context.rows.length,
    // With seats, rows follow the seat selection: passengers are added by choosing seats.
    isSeatBound: ({ context }) => isSeatBound(context),
    hasNoSeatsLeft: ({ context }) => hasNoSeatsLeft(context),
    isAtMaxPassengers: ({ context }) => isAtMaxPassengers(context),
    isSelfDetailsOn: ({ context }) => context.selfDetails,
    hasBookerName: ({ context }) => hasBookerName(context),
    isSameAsFirstOn: ({ context }) => context.sameAsFirst,
    isLaterConnectingLeg: ({ context }) => isLaterConnectingLeg(context),
    allNamesValid: ({ context }) => allValid(context.rows),
  },
  actions: {
    typeName: assign(({ context }, params: { index: number; value: string }) => {
      const typed = typePassengerName(params.value);
      const rows = context.rows.map((row, index) =>
        index === params.index ? { name: typed.value, error: typed.error } : row,
      );
      // Spec: emptying a field clears its error, so it is not validated again until saving.
      const pending =
        params.value === ''
          ? withoutIndex(context.pending, params.index)
          : [...withoutIndex(context.pending, params.index), params.index];
      return withRows(context, rows, pending);
    }),
    addRow: assign(({ context }) => withRows(context, [...context.rows, { name: '', error: null }], context.pending)),
    removeRow: assign(({ context }, params: { index: number }) => {
      const rows = context.rows.filter((_, index) => index !== params.index);
      const pending = withoutIndex(context.pending, params.index).map((item) =>
        item > params.index ? item - 1 : item,
      );
      return {
        ...withRows(context, rows, pending),
        seats: context.seats.filter((_, index) => index !== params.index),
      };
    }),
    copyBookerName: assign(({ context }) => {
      const rows = context.rows.map((row, index) => (index === 0 ? { name: context.bookerName, error: null } : row));
      return { ...withRows(context, rows, withoutIndex(context.pending, 0)), selfDetails: true };
    }),
    // Spec section 5: switching "Sama dengan pemesan" off clears the first name.
    clearSelfDetails: assign(({ context }) => {
      const rows = context.rows.map((row, index) => (index === 0 ? { name: '', error: null } : row));
      return { ...withRows(context, rows, withoutIndex(context.pending, 0)), selfDetails: false };
    }),
    copyFirstLegNames: assign(({ context }) => {
      const names = context.firstLegNames ?? [];
      const rows = isSeatBound(context)
        ? context.rows.map((_, index) => ({ name: names[index] ?? '', error: null }))
        : names.slice(0, MAX_PASSENGERS).map((name) => ({ name, error: null }));
      if (rows.length === 0) rows.push({ name: '', error: null });
      return { ...withRows(context, rows, []), sameAsFirst: true };
    }),
    setFirstLegNames: assign((_, params: { names: string[] }) => ({ firstLegNames: params.names })),
    // Mirrors the own-details switch: turning the copy off clears what it copied.
    clearFirstLegNames: assign(({ context }) => {
      const rows = context.rows.map(() => ({ name: '', error: null }));
      return { ...withRows(context, rows, []), sameAsFirst: false };
    }),
    // Rows follow the seats one to one; names already typed stay on their rows. Without seats the
    // rows stay as they are (a schedule without seat choice counts passengers by rows).
    followSeats: assign(({ context }, params: { seats: ChosenSeat[] }) => {
      if (params.seats.length === 0) return { seats: [] };
      const rows = params.seats.map((_, index) => context.rows[index] ?? { name: '', error: null });
      const pending = context.pending.filter((index) => index < rows.length);
      return { ...withRows(context, rows, pending), seats: params.seats };
    }),
    changeBookerName: assign(({ context }, params: { name: string }) => ({
      bookerName: params.name,
      selfDetails: context.selfDetails && context.rows[0]?.name === params.name,
    })),
    validatePending: assign(({ context }) => ({
      rows: context.rows.map((row, index) =>
        context.pending.includes(index) ? { ...row, error: firstError(PassengerNameSchema, row.name) } : row,
      ),
      pending: [],
    })),
    validateAll: assign(({ context }) => ({
      rows: context.rows.map((row) => ({ ...row, error: firstError(PassengerNameSchema, row.name) })),
      pending: [],
    })),
    checkCompletion: assign(({ context }) => ({ complete: allValid(context.rows) })),
    restartValidation: raise({ type: 'validation.restart' }),
    restartCompletion: raise({ type: 'completion.restart' }),
    toastNoSeatsLeft: emit(toast(passengerFormTexts.noSeatsLeft, 'top')),
    toastMaxPassengers: emit(toast(passengerFormTexts.maxPassengers, 'top')),
    emitNavigation: enqueueActions(({ context, enqueue }) => {
      const intent = navigationAfterSave(context);
      if (intent) enqueue.emit({ type: 'navigate', intent });
    }),
  },
}).createMachine({
  id: 'passenger-form',
  description: 'Passenger names of one leg; saving validates every name and reports the map.',
  context: ({ input }) => {
    const rows = initialRows(input);
    const firstLegNames = input.firstLegNames ?? null;
    return {
      flow: input.flow,
      tripKind: input.tripKind,
      direction: input.direction,
      legIndex: input.legIndex,
      legCount: input.legCount,
      sa: input.sa,
      seats: input.seats,
      remainingSeats: input.remainingSeats,
      bookerName: input.bookerName,
      firstLegNames,
      rows,
      selfDetails: false,
      // Reopened after a copy (desktop restarts a form once it is saved): the switch stays on.
      sameAsFirst:
        isLaterConnectingLeg({ tripKind: input.tripKind, legIndex: input.legIndex, firstLegNames }) &&
        rows.some((row) => row.name !== '') &&
        matchesFirstLeg(rows, firstLegNames),
      pending: [],
      complete: allValid(rows),
    };
  },
  initial: 'editing',
  states: {
    editing: {
      description: 'The form is open: names are typed, rows added or removed, switches toggled.',
      type: 'parallel',
      on: {
        'passenger.type': {
          guard: { type: 'isKnownRow', params: ({ event }) => ({ index: event.index }) },
          actions: [
            { type: 'typeName', params: ({ event }) => ({ index: event.index, value: event.value }) },
            'restartValidation',
            'restartCompletion',
          ],
        },
        'passenger.add': [
          { guard: 'isSeatBound' },
          { guard: 'hasNoSeatsLeft', actions: 'toastNoSeatsLeft' },
          { guard: 'isAtMaxPassengers', actions: 'toastMaxPassengers' },
          { actions: ['addRow', 'restartCompletion'] },
        ],
        'passenger.remove': {
          guard: { type: 'isRemovableRow', params: ({ event }) => ({ index: event.index }) },
          actions: [{ type: 'removeRow', params: ({ event }) => ({ index: event.index }) }, 'restartCompletion'],
        },
        'self.toggle': [
          { guard: 'isSelfDetailsOn', actions: ['clearSelfDetails', 'restartCompletion'] },
          // Disabled without a booker name: the toggle is refused.
          { guard: 'hasBookerName', actions: ['copyBookerName', 'restartCompletion'] },
        ],
        'sameAsFirst.toggle': [
          { guard: 'isSameAsFirstOn', actions: ['clearFirstLegNames', 'restartCompletion'] },
          { guard: 'isLaterConnectingLeg', actions: ['copyFirstLegNames', 'restartCompletion'] },
        ],
        'booker.changed': {
          actions: { type: 'changeBookerName', params: ({ event }) => ({ name: event.name }) },
        },
        'seats.update': {
          actions: [{ type: 'followSeats', params: ({ event }) => ({ seats: event.seats }) }, 'restartCompletion'],
        },
        // With the copy switched on the names follow the first leg; off, the next copy takes them.
        'firstLeg.update': [
          {
            guard: 'isSameAsFirstOn',
            actions: [
              { type: 'setFirstLegNames', params: ({ event }) => ({ names: event.names }) },
              'copyFirstLegNames',
              'restartCompletion',
            ],
          },
          {
            guard: 'isLaterConnectingLeg',
            actions: { type: 'setFirstLegNames', params: ({ event }) => ({ names: event.names }) },
          },
        ],
        // Saving does not wait for the debounces: every name is checked at once.
        'form.save': [
          { guard: 'allNamesValid', target: 'saved', actions: 'emitNavigation' },
          { actions: 'validateAll' },
        ],
      },
      states: {
        validation: {
          description: 'Per-field validation, debounced after typing.',
          initial: 'idle',
          states: {
            idle: {
              description: 'No typed field waits for validation.',
              on: { 'validation.restart': 'debouncing' },
            },
            debouncing: {
              description: 'Typed fields are validated once typing pauses; each keystroke restarts the wait.',
              // Re-entering restarts the delay; a restart on the region would reset the sibling region too.
              on: {
                'validation.restart': { target: 'debouncing', reenter: true },
                // A restored snapshot: XState does not keep pending delays, so the wait starts again.
                'flow.resume': { target: 'debouncing', reenter: true },
              },
              after: { validationDebounce: { target: 'idle', actions: 'validatePending' } },
            },
          },
        },
        completion: {
          description: 'Completeness check (every name valid), debounced after each change.',
          initial: 'settled',
          states: {
            settled: {
              description: 'The complete flag reflects the current names.',
              on: { 'completion.restart': 'debouncing' },
            },
            debouncing: {
              description: 'Names changed: the complete flag is rechecked once changes pause.',
              on: {
                'completion.restart': { target: 'debouncing', reenter: true },
                'flow.resume': { target: 'debouncing', reenter: true },
              },
              after: { completionDebounce: { target: 'settled', actions: 'checkCompletion' } },
            },
          },
        },
      },
    },
    saved: {
      description: 'Every name was valid: the passenger map is the output.',
      type: 'final',
    },
  },
  output: ({ context }) => ({
    direction: context.direction,
    legIndex: context.legIndex,
    passengers: [passengerMapOf(context, (name) => name.trim())],
    seats: context.seats,
  }),
});

function passengerMapOf(
  context: PassengerFormContext,
  format: (name: string) => string = (name) => name,
): PassengerMap {
  return Object.fromEntries(
    context.rows.map((row, index) => [passengerKey(context.tripKind, context.legIndex, index), format(row.name)]),
  );
}

type WithContext = { context: PassengerFormContext };

export interface PassengerRowView {
  index: number;
  /** Field name in the passenger map (`pass0`, `pass1-2`, ...). */
  key: string;
  /** `Kursi {no}` when the rows follow seats, otherwise null. */
  label: string | null;
  placeholder: string;
  name: string;
  error: string | null;
  removable: boolean;
}

export function selectRows({ context }: WithContext): PassengerRowView[] {
  return context.rows.map((row, index) => {
    const seat = context.seats[index];
    return {
      index,
      key: passengerKey(context.tripKind, context.legIndex, index),
      label: seat ? `Kursi ${seat.no}` : null,
      placeholder: passengerFormTexts.placeholder,
      name: row.name,
      error: row.error,
      removable: index >= 1,
    };
  });
}

export function selectErrors({ context }: WithContext): (string | null)[] {
  return context.rows.map((row) => row.error);
}

/** Whether "add passenger" works; `reason` is the toast it would show instead (null when seat-bound). */
export function selectCanAdd({ context }: WithContext): { canAdd: boolean; reason: string | null } {
  if (isSeatBound(context)) return { canAdd: false, reason: null };
  if (hasNoSeatsLeft(context)) return { canAdd: false, reason: passengerFormTexts.noSeatsLeft };
  if (isAtMaxPassengers(context)) return { canAdd: false, reason: passengerFormTexts.maxPassengers };
  return { canAdd: true, reason: null };
}

export function selectIsComplete({ context }: WithContext): boolean {
  return context.complete;
}

export function selectPassengerMap({ context }: WithContext): PassengerMap {
  return passengerMapOf(context);
}

/** The own-details switch is disabled without a booker name (it can always be switched off). */
export function selectCanToggleSelf({ context }: WithContext): boolean {
  return context.selfDetails || hasBookerName(context);
}

/** The "Sama dengan penumpang rute pertama" switch shows on connecting legs after the first. */
export function selectShowsSameAsFirst({ context }: WithContext): boolean {
  return isLaterConnectingLeg(context);
}
