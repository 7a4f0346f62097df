import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { messages } from '../../contract/fields';
import { COMPLETION_DEBOUNCE_MS, TOAST_MESSAGE_MS, VALIDATION_DEBOUNCE_MS } from '../../machines/constants';
import {
  navigationAfterSave,
  passengerFormMachine,
  passengerFormTexts,
  passengerKey,
  selectCanAdd,
  selectCanToggleSelf,
  selectErrors,
  selectIsComplete,
  selectPassengerMap,
  selectRows,
  selectShowsSameAsFirst,
  type PassengerFormInput,
  type PassengerNavigationInput,
} from '../../machines/passenger-form.machine';
import type { ChosenSeat, NavigateEmitted, NavigationIntent, ToastEmitted } from '../../machines/types';
import { roundTripSnapshot } from './support/persistence';

const seat = (no: string): ChosenSeat => ({
  no,
  key: `1-${no}`,
  floor: '1',
  price: 150000,
  normalPrice: 150000,
  promoCode: null,
});

const baseInput: PassengerFormInput = {
  flow: 'booking-page',
  tripKind: 'one-way',
  direction: 'pergi',
  legIndex: 0,
  legCount: 1,
  seats: [],
  remainingSeats: 10,
  bookerName: 'Budi Santoso',
  sa: false,
};

function start(input: Partial<PassengerFormInput> = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(passengerFormMachine, { clock, input: { ...baseInput, ...input } });
  const emitted: (NavigateEmitted | ToastEmitted)[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const type = (index: number, value: string) => actor.send({ type: 'passenger.type', index, value });
  const snap = () => actor.getSnapshot();
  const names = () => snap().context.rows.map((row) => row.name);
  return { actor, clock, emitted, type, snap, names };
}

describe('rows', () => {
  it('starts with one row keyed pass0, placeholder Masukan Nama, not removable', () => {
    const { snap } = start();
    expect(selectRows(snap())).toEqual([
      { index: 0, key: 'pass0', label: null, placeholder: 'Masukan Nama', name: '', error: null, removable: false },
    ]);
    expect(passengerFormTexts.placeholder).toBe('Masukan Nama');
    expect(selectPassengerMap(snap())).toEqual({ pass0: '' });
  });

  it('prefills rows from a stored map and checks completeness at once', () => {
    const { snap, names } = start({ initial: { pass0: 'Ani', pass1: 'Citra Dewi', pass5: 'ignored' } });
    expect(names()).toEqual(['Ani', 'Citra Dewi']);
    expect(selectIsComplete(snap())).toBe(true);
  });

  it('prefills at most 3 rows from a stored map holding more names', () => {
    const { snap, names } = start({ initial: { pass0: 'Ani', pass1: 'Budi', pass2: 'Citra', pass3: 'Dedi' } });
    expect(names()).toEqual(['Ani', 'Budi', 'Citra']);
    expect(selectPassengerMap(snap())).toEqual({ pass0: 'Ani', pass1: 'Budi', pass2: 'Citra' });
    expect(selectCanAdd(snap())).toEqual({ canAdd: false, reason: 'Sudah mencapai batas maksimum (3) penumpang.' });
  });

  it('keys connecting legs pass{leg}-{index}', () => {
    const { actor, snap } = start({
      tripKind: 'connecting',
      legIndex: 1,
      legCount: 2,
      initial: { 'pass1-0': 'Ani', 'pass0-0': 'Other leg' },
    });
    actor.send({ type: 'passenger.add' });
    expect(selectPassengerMap(snap())).toEqual({ 'pass1-0': 'Ani', 'pass1-1': '' });
    expect(passengerKey('connecting', 2, 1)).toBe('pass2-1');
    expect(passengerKey('round-trip', 0, 2)).toBe('pass2');
  });

  it('follows the seats one to one, labelled Kursi {no}', () => {
    const { snap } = start({ seats: [seat('3'), seat('4')], initial: { pass1: 'Dedi' } });
    expect(selectRows(snap()).map((row) => [row.label, row.name, row.removable])).toEqual([
      ['Kursi 3', '', false],
      ['Kursi 4', 'Dedi', true],
    ]);
  });

  it('adds rows up to 3, then toasts the maximum', () => {
    const { actor, snap, emitted } = start();
    expect(selectCanAdd(snap())).toEqual({ canAdd: true, reason: null });
    actor.send({ type: 'passenger.add' });
    actor.send({ type: 'passenger.add' });
    expect(snap().context.rows).toHaveLength(3);
    expect(emitted).toEqual([]);
    expect(selectCanAdd(snap())).toEqual({
      canAdd: false,
      reason: 'Sudah mencapai batas maksimum (3) penumpang.',
    });
    actor.send({ type: 'passenger.add' });
    expect(snap().context.rows).toHaveLength(3);
    expect(emitted).toEqual([
      {
        type: 'toast',
        message: 'Sudah mencapai batas maksimum (3) penumpang.',
        durationMs: TOAST_MESSAGE_MS,
        position: 'top',
      },
    ]);
  });

  it('toasts Tidak tersedia kursi lagi when no seat remains (checked before the maximum)', () => {
    const none = start({ remainingSeats: 0 });
    none.actor.send({ type: 'passenger.add' });
    expect(none.snap().context.rows).toHaveLength(1);
    expect(none.emitted).toEqual([
      { type: 'toast', message: 'Tidak tersedia kursi lagi', durationMs: TOAST_MESSAGE_MS, position: 'top' },
    ]);

    const two = start({ remainingSeats: 2 });
    two.actor.send({ type: 'passenger.add' });
    expect(two.snap().context.rows).toHaveLength(2);
    expect(selectCanAdd(two.snap())).toEqual({ canAdd: false, reason: 'Tidak tersedia kursi lagi' });
    two.actor.send({ type: 'passenger.add' });
    expect(two.snap().context.rows).toHaveLength(2);
    expect(two.emitted.map((event) => (event.type === 'toast' ? event.message : ''))).toEqual([
      'Tidak tersedia kursi lagi',
    ]);
  });

  it('without a count of seats left, only the maximum of passengers stops adding', () => {
    const unknown = start({ remainingSeats: null });
    unknown.actor.send({ type: 'passenger.add' });
    unknown.actor.send({ type: 'passenger.add' });
    unknown.actor.send({ type: 'passenger.add' });
    expect(unknown.snap().context.rows).toHaveLength(3);
    expect(selectCanAdd(unknown.snap())).toEqual({
      canAdd: false,
      reason: 'Sudah mencapai batas maksimum (3) penumpang.',
    });
    expect(unknown.emitted.map((event) => (event.type === 'toast' ? event.message : ''))).toEqual([
      'Sudah mencapai batas maksimum (3) penumpang.',
    ]);
  });

  it('does not add rows beside chosen seats (rows follow the seats)', () => {
    const { actor, snap, emitted } = start({ seats: [seat('1')] });
    actor.send({ type: 'passenger.add' });
    expect(snap().context.rows).toHaveLength(1);
    expect(emitted).toEqual([]);
    expect(selectCanAdd(snap())).toEqual({ canAdd: false, reason: null });
  });

  it('never removes the first row nor an unknown one', () => {
    const { actor, snap } = start();
    actor.send({ type: 'passenger.add' });
    actor.send({ type: 'passenger.remove', index: 0 });
    actor.send({ type: 'passenger.remove', index: 2 });
    actor.send({ type: 'passenger.remove', index: -1 });
    expect(snap().context.rows).toHaveLength(2);
  });

  it('a second tap on a row already removed does not delay the completeness check', () => {
    const { actor, type, snap, clock } = start({ initial: { pass0: 'Ani' } });
    actor.send({ type: 'passenger.add' });
    clock.increment(COMPLETION_DEBOUNCE_MS);
    expect(selectIsComplete(snap())).toBe(false);
    actor.send({ type: 'passenger.add' });
    type(1, 'Budi');
    actor.send({ type: 'passenger.remove', index: 2 });
    clock.increment(100);
    actor.send({ type: 'passenger.remove', index: 2 });
    expect(snap().context.rows).toHaveLength(2);
    clock.increment(COMPLETION_DEBOUNCE_MS - 100);
    expect(selectIsComplete(snap())).toBe(true);
    expect(snap().matches({ editing: { completion: 'settled' } })).toBe(true);
  });

  it('removing a row renumbers the keys and rebuilds the map', () => {
    const { actor, type, snap } = start();
    actor.send({ type: 'passenger.add' });
    actor.send({ type: 'passenger.add' });
    type(0, 'Ani');
    type(1, 'Budi');
    type(2, 'Citra');
    actor.send({ type: 'passenger.remove', index: 1 });
    expect(selectPassengerMap(snap())).toEqual({ pass0: 'Ani', pass1: 'Citra' });
    expect(selectRows(snap()).map((row) => row.key)).toEqual(['pass0', 'pass1']);
  });

  it('removing a row rebuilds the seat list and the labels', () => {
    const { actor, snap } = start({ seats: [seat('1'), seat('2'), seat('3')] });
    actor.send({ type: 'passenger.remove', index: 1 });
    expect(snap().context.seats.map((item) => item.no)).toEqual(['1', '3']);
    expect(selectRows(snap()).map((row) => row.label)).toEqual(['Kursi 1', 'Kursi 3']);
  });

  it('a pending validation follows its row when an earlier row is removed', () => {
    const { actor, type, clock, snap } = start();
    actor.send({ type: 'passenger.add' });
    actor.send({ type: 'passenger.add' });
    type(2, 'Al');
    actor.send({ type: 'passenger.remove', index: 1 });
    clock.increment(VALIDATION_DEBOUNCE_MS);
    expect(selectErrors(snap())).toEqual([null, messages.passengerNameLength]);
  });

  it('a pending validation stays on its row when a later row is removed', () => {
    const { actor, type, clock, snap } = start();
    actor.send({ type: 'passenger.add' });
    actor.send({ type: 'passenger.add' });
    type(0, 'Al');
    actor.send({ type: 'passenger.remove', index: 1 });
    clock.increment(VALIDATION_DEBOUNCE_MS);
    expect(selectErrors(snap())).toEqual([messages.passengerNameLength, null]);
  });

  it('when every seat is unchosen the rows stay, without seat labels, and passengers can be added again', () => {
    const { actor, type, snap } = start({ seats: [seat('1'), seat('2')], initial: { pass0: 'Ani' } });
    actor.send({ type: 'seats.update', seats: [] });
    expect(selectRows(snap()).map((row) => [row.label, row.name])).toEqual([
      [null, 'Ani'],
      [null, ''],
    ]);
    expect(selectCanAdd(snap())).toEqual({ canAdd: true, reason: null });
    actor.send({ type: 'passenger.add' });
    expect(snap().context.rows).toHaveLength(3);
    type(1, 'Budi');
    type(2, 'Citra');
    actor.send({ type: 'form.save' });
    expect(snap().output?.seats).toEqual([]);
  });

  it('a pending validation of a row the new seats keep still shows its message', () => {
    const { actor, type, clock, snap } = start({ seats: [seat('1'), seat('2')] });
    type(0, 'Al');
    type(1, 'Bu');
    actor.send({ type: 'seats.update', seats: [seat('1')] });
    actor.send({ type: 'seats.update', seats: [seat('1'), seat('3'), seat('4')] });
    clock.increment(VALIDATION_DEBOUNCE_MS);
    expect(selectErrors(snap())).toEqual([messages.passengerNameLength, null, null]);
  });
});

describe('typing (contract typePassengerName)', () => {
  it('strips non-letters with Hanya abjad yang boleh digunakan', () => {
    const { type, snap } = start();
    type(0, 'Budi 2');
    expect(snap().context.rows[0]).toEqual({ name: 'Budi ', error: 'Hanya abjad yang boleh digunakan' });
  });

  it('cuts at 32 with Masukan maksimal 32 digit abjad', () => {
    const { type, snap } = start();
    type(0, 'A'.repeat(40));
    expect(snap().context.rows[0]).toEqual({ name: 'A'.repeat(32), error: 'Masukan maksimal 32 digit abjad' });
  });

  it('emptying clears the error and is not validated again until saving', () => {
    const { type, snap, clock } = start();
    type(0, 'A1');
    type(0, '');
    expect(snap().context.rows[0]).toEqual({ name: '', error: null });
    clock.increment(VALIDATION_DEBOUNCE_MS * 2);
    expect(selectErrors(snap())).toEqual([null]);
  });

  it('ignores a row that does not exist', () => {
    const { type, snap } = start();
    type(3, 'Ani');
    expect(snap().context.rows).toEqual([{ name: '', error: null }]);
  });

  it('a keystroke on no row does not delay the check of a name typed before', () => {
    const { type, snap, clock } = start();
    type(0, 'Al');
    clock.increment(600);
    type(-1, 'Ani');
    clock.increment(VALIDATION_DEBOUNCE_MS - 600);
    expect(selectErrors(snap())).toEqual([messages.passengerNameLength]);
    expect(snap().matches({ editing: { validation: 'idle' } })).toBe(true);
  });
});

describe('debounced validation (PassengerNameSchema, 1000 ms)', () => {
  it('shows the rule message 1000 ms after the last keystroke, each keystroke restarting the wait', () => {
    const { type, snap, clock } = start();
    type(0, 'A');
    clock.increment(600);
    type(0, 'Al');
    clock.increment(VALIDATION_DEBOUNCE_MS - 1);
    expect(selectErrors(snap())).toEqual([null]);
    clock.increment(1);
    expect(selectErrors(snap())).toEqual(['Masukan min 3 karakter, maksimal 32 karakter']);
    expect(snap().matches({ editing: { validation: 'idle' } })).toBe(true);
  });

  it('gives Harap isi for spaces only and for text that was all stripped', () => {
    const { actor, type, snap, clock } = start();
    actor.send({ type: 'passenger.add' });
    type(0, '   ');
    type(1, '123');
    expect(selectErrors(snap())).toEqual([null, 'Hanya abjad yang boleh digunakan']);
    clock.increment(VALIDATION_DEBOUNCE_MS);
    expect(selectErrors(snap())).toEqual(['Harap isi', 'Harap isi']);
  });

  it('replaces the typing message once the typed name is valid', () => {
    const { type, snap, clock } = start();
    type(0, 'Budi!');
    expect(selectErrors(snap())).toEqual(['Hanya abjad yang boleh digunakan']);
    clock.increment(VALIDATION_DEBOUNCE_MS);
    expect(selectErrors(snap())).toEqual([null]);
  });

  it('validates only the fields typed into', () => {
    const { actor, type, snap, clock } = start();
    actor.send({ type: 'passenger.add' });
    type(1, 'Al');
    clock.increment(VALIDATION_DEBOUNCE_MS);
    expect(selectErrors(snap())).toEqual([null, 'Masukan min 3 karakter, maksimal 32 karakter']);
  });
});

describe('completeness check (800 ms)', () => {
  it('sets the complete flag 800 ms after the last change, each change restarting the wait', () => {
    const { type, snap, clock } = start();
    expect(selectIsComplete(snap())).toBe(false);
    type(0, 'An');
    clock.increment(500);
    type(0, 'Ani');
    clock.increment(COMPLETION_DEBOUNCE_MS - 1);
    expect(selectIsComplete(snap())).toBe(false);
    expect(snap().matches({ editing: { completion: 'debouncing' } })).toBe(true);
    clock.increment(1);
    expect(selectIsComplete(snap())).toBe(true);
    expect(snap().matches({ editing: { completion: 'settled' } })).toBe(true);
  });

  it('adding an empty row makes the form incomplete; removing it completes it again', () => {
    const { actor, snap, clock } = start({ initial: { pass0: 'Ani' } });
    expect(selectIsComplete(snap())).toBe(true);
    actor.send({ type: 'passenger.add' });
    clock.increment(COMPLETION_DEBOUNCE_MS);
    expect(selectIsComplete(snap())).toBe(false);
    actor.send({ type: 'passenger.remove', index: 1 });
    clock.increment(COMPLETION_DEBOUNCE_MS);
    expect(selectIsComplete(snap())).toBe(true);
  });
});

describe('resuming after a reload (flow.resume)', () => {
  it('a restored form waits again, the full debounces, for what was pending when it was saved', () => {
    const { type, actor } = start();
    type(0, 'Al');
    const clock = new SimulatedClock();
    const restored = createActor(passengerFormMachine, {
      clock,
      input: baseInput,
      snapshot: JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as never,
    });
    restored.start();
    // The saved snapshot holds no timers: nothing is checked until the screen resumes the form.
    clock.increment(VALIDATION_DEBOUNCE_MS * 2);
    expect(restored.getSnapshot().matches({ editing: { validation: 'debouncing', completion: 'debouncing' } })).toBe(
      true,
    );
    expect(selectErrors(restored.getSnapshot())).toEqual([null]);
    restored.send({ type: 'flow.resume' });
    clock.increment(COMPLETION_DEBOUNCE_MS);
    expect(restored.getSnapshot().matches({ editing: { validation: 'debouncing', completion: 'settled' } })).toBe(true);
    expect(selectIsComplete(restored.getSnapshot())).toBe(false);
    clock.increment(VALIDATION_DEBOUNCE_MS - COMPLETION_DEBOUNCE_MS - 1);
    expect(selectErrors(restored.getSnapshot())).toEqual([null]);
    clock.increment(1);
    expect(selectErrors(restored.getSnapshot())).toEqual(['Masukan min 3 karakter, maksimal 32 karakter']);
    restored.stop();
  });

  it('restarts running waits, and changes nothing when nothing waits', () => {
    const { actor, type, snap, clock } = start({ initial: { pass0: 'Ani' } });
    actor.send({ type: 'flow.resume' });
    expect(snap().matches({ editing: { validation: 'idle', completion: 'settled' } })).toBe(true);
    expect(selectIsComplete(snap())).toBe(true);
    type(0, 'Al');
    clock.increment(COMPLETION_DEBOUNCE_MS - 1);
    actor.send({ type: 'flow.resume' });
    clock.increment(COMPLETION_DEBOUNCE_MS - 1);
    expect(selectIsComplete(snap())).toBe(true);
    expect(selectErrors(snap())).toEqual([null]);
    clock.increment(1);
    expect(selectIsComplete(snap())).toBe(false);
    clock.increment(VALIDATION_DEBOUNCE_MS - COMPLETION_DEBOUNCE_MS);
    expect(selectErrors(snap())).toEqual(['Masukan min 3 karakter, maksimal 32 karakter']);
  });
});

describe('own-details switch', () => {
  it('copies the booker name into the first passenger and clears its error', () => {
    const { actor, type, snap } = start();
    type(0, 'A1');
    actor.send({ type: 'self.toggle' });
    expect(snap().context.selfDetails).toBe(true);
    expect(snap().context.rows[0]).toEqual({ name: 'Budi Santoso', error: null });
  });

  it('a pending validation of the first row is dropped when the booker name is copied', () => {
    const { actor, type, snap, clock } = start({ bookerName: 'Al' });
    type(0, 'X');
    actor.send({ type: 'self.toggle' });
    clock.increment(VALIDATION_DEBOUNCE_MS);
    expect(selectErrors(snap())).toEqual([null]);
  });

  it('is disabled (refused) without a booker name', () => {
    for (const bookerName of ['', '   ']) {
      const { actor, snap } = start({ bookerName });
      expect(selectCanToggleSelf(snap())).toBe(false);
      actor.send({ type: 'self.toggle' });
      expect(snap().context.selfDetails).toBe(false);
      expect(snap().context.rows[0]?.name).toBe('');
    }
  });

  it('switching off clears the first name only', () => {
    const { actor, type, snap } = start();
    actor.send({ type: 'passenger.add' });
    type(1, 'Citra');
    actor.send({ type: 'self.toggle' });
    actor.send({ type: 'self.toggle' });
    expect(snap().context.selfDetails).toBe(false);
    expect(snap().context.rows).toEqual([
      { name: '', error: null },
      { name: 'Citra', error: null },
    ]);
  });

  it('switches off by itself when the first name is changed, and stays on for the same name', () => {
    const { actor, type, snap } = start();
    actor.send({ type: 'passenger.add' });
    actor.send({ type: 'self.toggle' });
    type(0, 'Budi Santoso');
    expect(snap().context.selfDetails).toBe(true);
    type(1, 'Budi Santoso');
    expect(snap().context.selfDetails).toBe(true);
    type(0, 'Budi Santos');
    expect(snap().context.selfDetails).toBe(false);
    expect(snap().context.rows[0]?.name).toBe('Budi Santos');
  });

  it('follows booker name changes from outside', () => {
    const { actor, snap } = start({ bookerName: '' });
    actor.send({ type: 'booker.changed', name: 'Ani' });
    expect(selectCanToggleSelf(snap())).toBe(true);
    actor.send({ type: 'self.toggle' });
    actor.send({ type: 'booker.changed', name: 'Ani' });
    expect(snap().context.selfDetails).toBe(true);
    actor.send({ type: 'booker.changed', name: 'Ani Lestari' });
    expect(snap().context.selfDetails).toBe(false);
    expect(snap().context.rows[0]?.name).toBe('Ani');
  });

  it('switches off when the booker name is emptied', () => {
    const { actor, snap } = start();
    actor.send({ type: 'self.toggle' });
    actor.send({ type: 'booker.changed', name: '' });
    expect(snap().context.selfDetails).toBe(false);
    expect(selectCanToggleSelf(snap())).toBe(false);
  });
});

describe('Sama dengan penumpang rute pertama (connecting legs after the first)', () => {
  const laterLeg: Partial<PassengerFormInput> = {
    tripKind: 'connecting',
    legIndex: 1,
    legCount: 3,
    seats: [seat('5'), seat('6')],
    firstLegNames: ['Ani', 'Budi Santoso'],
  };

  it('copies the first leg names into the rows', () => {
    const { actor, type, snap } = start(laterLeg);
    type(0, 'A1');
    expect(passengerFormTexts.sameAsFirst).toBe('Sama dengan penumpang rute pertama');
    expect(selectShowsSameAsFirst(snap())).toBe(true);
    actor.send({ type: 'sameAsFirst.toggle' });
    expect(snap().context.sameAsFirst).toBe(true);
    expect(snap().context.rows).toEqual([
      { name: 'Ani', error: null },
      { name: 'Budi Santoso', error: null },
    ]);
    expect(selectPassengerMap(snap())).toEqual({ 'pass1-0': 'Ani', 'pass1-1': 'Budi Santoso' });
  });

  it('leaves seats beyond the first leg passengers empty, and stays on while they are', () => {
    const { actor, type, snap, names } = start({ ...laterLeg, seats: [seat('5'), seat('6'), seat('7')] });
    actor.send({ type: 'sameAsFirst.toggle' });
    expect(names()).toEqual(['Ani', 'Budi Santoso', '']);
    type(2, '');
    expect(snap().context.sameAsFirst).toBe(true);
  });

  it('without seats the rows become the first leg passengers', () => {
    const { actor, names } = start({ ...laterLeg, seats: [], firstLegNames: ['Ani', 'Budi', 'Citra', 'Dedi'] });
    actor.send({ type: 'sameAsFirst.toggle' });
    expect(names()).toEqual(['Ani', 'Budi', 'Citra']);
  });

  it('keeps one row when the first leg had no names', () => {
    const { actor, names } = start({ ...laterLeg, seats: [], firstLegNames: [] });
    actor.send({ type: 'sameAsFirst.toggle' });
    expect(names()).toEqual(['']);
  });

  it('switching off clears the copied names', () => {
    const { actor, snap, names } = start(laterLeg);
    actor.send({ type: 'sameAsFirst.toggle' });
    actor.send({ type: 'sameAsFirst.toggle' });
    expect(snap().context.sameAsFirst).toBe(false);
    expect(names()).toEqual(['', '']);
  });

  it('switches off by itself when a name is changed', () => {
    const { actor, type, snap } = start(laterLeg);
    actor.send({ type: 'sameAsFirst.toggle' });
    type(1, 'Budi');
    expect(snap().context.sameAsFirst).toBe(false);
  });

  it('copies the first leg names typed after this form started (firstLeg.update)', () => {
    const { actor, snap, names } = start({ ...laterLeg, firstLegNames: [] });
    actor.send({ type: 'firstLeg.update', names: ['Citra Dewi', 'Dedi'] });
    expect(names()).toEqual(['', '']);
    expect(snap().context.sameAsFirst).toBe(false);
    actor.send({ type: 'sameAsFirst.toggle' });
    expect(names()).toEqual(['Citra Dewi', 'Dedi']);
  });

  it('with the switch on, the copied names follow the first leg', () => {
    const { actor, clock, snap, names } = start(laterLeg);
    actor.send({ type: 'sameAsFirst.toggle' });
    actor.send({ type: 'firstLeg.update', names: ['Ani Lestari', 'Budi Santoso'] });
    expect(names()).toEqual(['Ani Lestari', 'Budi Santoso']);
    expect(snap().context.sameAsFirst).toBe(true);
    clock.increment(COMPLETION_DEBOUNCE_MS);
    expect(selectIsComplete(snap())).toBe(true);
  });

  it('ignores first leg names on the first leg and on direct trips', () => {
    for (const input of [
      { ...laterLeg, legIndex: 0, firstLegNames: undefined },
      { ...laterLeg, tripKind: 'one-way' as const, firstLegNames: undefined },
    ]) {
      const { actor, snap } = start(input);
      actor.send({ type: 'firstLeg.update', names: ['Ani Lestari'] });
      expect(snap().context.firstLegNames).toBeNull();
      expect(selectShowsSameAsFirst(snap())).toBe(false);
    }
  });

  it('reopened with the copied names (desktop restarts a saved form), the switch is still on', () => {
    const copied = start({ ...laterLeg, initial: { 'pass1-0': 'Ani', 'pass1-1': 'Budi Santoso' } });
    expect(copied.snap().context.sameAsFirst).toBe(true);
    const other = start({ ...laterLeg, initial: { 'pass1-0': 'Ani', 'pass1-1': 'Citra' } });
    expect(other.snap().context.sameAsFirst).toBe(false);
    const blank = start({ ...laterLeg, firstLegNames: [], seats: [] });
    expect(blank.snap().context.sameAsFirst).toBe(false);
  });

  it('reopened with the copied names and a seat chosen since, the switch is still on', () => {
    const { snap, names } = start({ ...laterLeg, firstLegNames: ['Ani'], initial: { 'pass1-0': 'Ani' } });
    expect(names()).toEqual(['Ani', '']);
    expect(snap().context.sameAsFirst).toBe(true);
  });

  it('is refused on the first leg, on direct trips and without the first leg names', () => {
    for (const input of [
      { ...laterLeg, legIndex: 0 },
      { ...laterLeg, tripKind: 'one-way' as const },
      { ...laterLeg, firstLegNames: undefined },
    ]) {
      const { actor, snap } = start(input);
      expect(selectShowsSameAsFirst(snap())).toBe(false);
      actor.send({ type: 'sameAsFirst.toggle' });
      expect(snap().context.sameAsFirst).toBe(false);
    }
  });
});

describe('saving', () => {
  it('validates every field at once when invalid, shows the errors and stays', () => {
    const { actor, type, snap, emitted, clock } = start();
    actor.send({ type: 'passenger.add' });
    actor.send({ type: 'passenger.add' });
    type(1, 'Al');
    type(2, 'Citra');
    actor.send({ type: 'form.save' });
    expect(snap().status).toBe('active');
    expect(selectErrors(snap())).toEqual(['Harap isi', 'Masukan min 3 karakter, maksimal 32 karakter', null]);
    expect(emitted).toEqual([]);
    clock.increment(VALIDATION_DEBOUNCE_MS);
    expect(selectErrors(snap())).toEqual(['Harap isi', 'Masukan min 3 karakter, maksimal 32 karakter', null]);
  });

  it('shows Hanya abjad yang boleh digunakan for a copied booker name with other characters', () => {
    const { actor, snap } = start({ bookerName: 'Budi2' });
    actor.send({ type: 'self.toggle' });
    actor.send({ type: 'form.save' });
    expect(selectErrors(snap())).toEqual(['Hanya abjad yang boleh digunakan']);
  });

  it('reaches the final state with the trimmed names, the seats and the leg', () => {
    const { actor, type, snap } = start({ seats: [seat('7'), seat('8')], direction: 'pulang' });
    type(0, 'Ani ');
    actor.send({ type: 'self.toggle' });
    type(1, 'Citra Dewi');
    actor.send({ type: 'form.save' });
    expect(snap().status).toBe('done');
    expect(snap().value).toBe('saved');
    expect(snap().output).toEqual({
      direction: 'pulang',
      legIndex: 0,
      passengers: [{ pass0: 'Budi Santoso', pass1: 'Citra Dewi' }],
      seats: [seat('7'), seat('8')],
    });
  });

  it('trims the names of the output', () => {
    const { actor, type, snap } = start();
    type(0, ' Ani ');
    actor.send({ type: 'form.save' });
    expect(snap().output?.passengers).toEqual([{ pass0: 'Ani' }]);
  });

  const back = (steps: number): NavigationIntent => ({ kind: 'back', steps });
  const cases: [string, Partial<PassengerNavigationInput>, NavigationIntent | null][] = [
    ['passenger screen, one-way: back one step', { flow: 'passenger-screen', tripKind: 'one-way' }, back(1)],
    [
      'passenger screen, round trip outbound: the return form',
      { flow: 'passenger-screen', tripKind: 'round-trip', direction: 'pergi' },
      { kind: 'route', name: 'm-information-passengers-no-select-seat', params: { return: 'return' } },
    ],
    [
      'passenger screen, round trip return: back two steps',
      { flow: 'passenger-screen', tripKind: 'round-trip', direction: 'pulang' },
      back(2),
    ],
    ['passenger screen ignores sa', { flow: 'passenger-screen', tripKind: 'one-way', sa: true }, back(1)],
    [
      'passenger screen, connecting first of two: the next leg on this form (connecting_route 2)',
      { flow: 'passenger-screen', tripKind: 'connecting', legIndex: 0, legCount: 2 },
      { kind: 'route', name: 'm-information-passengers-no-select-seat', search: { connecting_route: 2 } },
    ],
    [
      'passenger screen, connecting last of two: back one step per form',
      { flow: 'passenger-screen', tripKind: 'connecting', legIndex: 1, legCount: 2 },
      back(2),
    ],
    [
      'passenger screen, connecting last of three: back three steps',
      { flow: 'passenger-screen', tripKind: 'connecting', legIndex: 2, legCount: 3 },
      back(3),
    ],
    ['booking page, one-way: back two steps', { tripKind: 'one-way' }, back(2)],
    [
      'booking page, round trip outbound: select-seat with the return param',
      { tripKind: 'round-trip', direction: 'pergi' },
      { kind: 'route', name: 'select-seat', params: { return: 'return' } },
    ],
    ['booking page, round trip return: back four steps', { tripKind: 'round-trip', direction: 'pulang' }, back(4)],
    [
      'booking page, connecting first leg: the next leg on this form (connecting_route 2)',
      { tripKind: 'connecting', legIndex: 0, legCount: 3 },
      { kind: 'route', name: 'm-information-passengers-no-select-seat', search: { connecting_route: 2 } },
    ],
    [
      'booking page, connecting second of three: connecting_route 3',
      { tripKind: 'connecting', legIndex: 1, legCount: 3 },
      { kind: 'route', name: 'm-information-passengers-no-select-seat', search: { connecting_route: 3 } },
    ],
    [
      'booking page, connecting last of three: back one step per form plus the seat page',
      { tripKind: 'connecting', legIndex: 2, legCount: 3 },
      back(4),
    ],
    [
      'booking page, connecting last of two: back three steps',
      { tripKind: 'connecting', legIndex: 1, legCount: 2 },
      back(3),
    ],
    ['booking page with sa, one-way: back two', { tripKind: 'one-way', sa: true }, back(2)],
    [
      'booking page with sa, round trip outbound: back two',
      { tripKind: 'round-trip', direction: 'pergi', sa: true },
      back(2),
    ],
    [
      'booking page with sa, connecting first leg: sa does not change the connecting legs',
      { tripKind: 'connecting', legIndex: 0, legCount: 2, sa: true },
      { kind: 'route', name: 'm-information-passengers-no-select-seat', search: { connecting_route: 2 } },
    ],
    [
      'booking page with sa, connecting last leg: back three steps, as without sa',
      { tripKind: 'connecting', legIndex: 1, legCount: 2, sa: true },
      back(3),
    ],
    [
      'passenger screen with sa, connecting last leg: back two steps, as without sa',
      { flow: 'passenger-screen', tripKind: 'connecting', legIndex: 1, legCount: 2, sa: true },
      back(2),
    ],
    ['embedded (desktop), connecting: no navigation', { flow: 'embedded', tripKind: 'connecting', legCount: 2 }, null],
    ['embedded (desktop): no navigation', { flow: 'embedded', tripKind: 'round-trip' }, null],
  ];

  it.each(cases)('%s', (_, overrides, intent) => {
    expect(navigationAfterSave({ ...baseInput, ...overrides })).toEqual(intent);
    const { actor, type, emitted } = start(overrides);
    type(0, 'Ani');
    actor.send({ type: 'form.save' });
    expect(emitted).toEqual(intent ? [{ type: 'navigate', intent }] : []);
  });
});

describe('persistence', () => {
  it('a restored mid-flow snapshot behaves the same on the next events', () => {
    const input = { ...baseInput, flow: 'passenger-screen' as const, tripKind: 'round-trip' as const };
    const { actor, type } = start(input);
    actor.send({ type: 'passenger.add' });
    actor.send({ type: 'self.toggle' });
    type(1, 'Al');
    const restored = roundTripSnapshot(passengerFormMachine, actor, input);
    expect(restored.getSnapshot().context).toEqual(actor.getSnapshot().context);
    expect(restored.getSnapshot().value).toEqual(actor.getSnapshot().value);

    const restoredEmitted: unknown[] = [];
    restored.on('*', (event) => restoredEmitted.push(event));
    for (const target of [actor, restored]) {
      target.send({ type: 'form.save' });
      target.send({ type: 'passenger.type', index: 1, value: 'Citra' });
      target.send({ type: 'form.save' });
    }
    expect(restored.getSnapshot().status).toBe('done');
    expect(restored.getSnapshot().output).toEqual(actor.getSnapshot().output);
    expect(restored.getSnapshot().output?.passengers).toEqual([{ pass0: 'Budi Santoso', pass1: 'Citra' }]);
    expect(restoredEmitted).toEqual([
      {
        type: 'navigate',
        intent: { kind: 'route', name: 'm-information-passengers-no-select-seat', params: { return: 'return' } },
      },
    ]);
    restored.stop();
  });
});
