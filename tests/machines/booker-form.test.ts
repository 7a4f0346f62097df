import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { VALIDATION_DEBOUNCE_MS } from '../../machines/constants';
import {
  bookerFormMachine,
  selectErrors,
  selectIsValid,
  selectValues,
  type BookerField,
  type BookerFormInput,
} from '../../machines/booker-form.machine';
import type { NavigateEmitted, ToastEmitted } from '../../machines/types';
import { roundTripSnapshot } from './support/persistence';

function start(input: BookerFormInput = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(bookerFormMachine, { clock, input });
  const emitted: (NavigateEmitted | ToastEmitted)[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const type = (field: BookerField, value: string) => actor.send({ type: 'booker.type', field, value });
  const snap = () => actor.getSnapshot();
  return { actor, clock, emitted, type, snap };
}

const valid = { name: 'Budi Santoso', phone: '081234567890', email: 'budi@mail.co.id' };

describe('prefill (spec section 3)', () => {
  it('starts empty without a profile', () => {
    const { snap } = start();
    expect(selectValues(snap())).toEqual({ name: '', phone: '', email: '' });
    expect(selectErrors(snap())).toEqual({ name: null, phone: null, email: null });
    expect(selectIsValid(snap())).toBe(false);
  });

  it('takes the profile fields, missing ones become empty', () => {
    const { snap } = start({ initial: { name: 'Budi Santoso', email: 'budi@mail.co.id' } });
    expect(selectValues(snap())).toEqual({ name: 'Budi Santoso', phone: '', email: 'budi@mail.co.id' });
  });

  it('a profile with only a phone leaves name and email empty', () => {
    const { snap } = start({ initial: { phone: '081234567890' } });
    expect(selectValues(snap())).toEqual({ name: '', phone: '081234567890', email: '' });
  });

  it('passes the profile through the typing filters', () => {
    const { snap } = start({ initial: { name: 'Budi S.', phone: '+62 812-3456-7890', email: 'budi @mail.com' } });
    expect(selectValues(snap())).toEqual({ name: 'Budi S', phone: '6281234567890', email: 'budi@mail.com' });
    expect(selectErrors(snap())).toEqual({ name: null, phone: null, email: null });
  });
});

describe('typing (contract typeBookerName, typePhone, typeEmail)', () => {
  it('name: strips non-letters with Hanya abjad yang boleh digunakan', () => {
    const { type, snap } = start();
    type('name', 'Budi!');
    expect(snap().context.values.name).toBe('Budi');
    expect(selectErrors(snap()).name).toBe('Hanya abjad yang boleh digunakan');
  });

  it('name: cuts at 32 with Jumlah maksimal 32 karakter', () => {
    const { type, snap } = start();
    type('name', 'B'.repeat(40));
    expect(snap().context.values.name).toBe('B'.repeat(32));
    expect(selectErrors(snap()).name).toBe('Jumlah maksimal 32 karakter');
  });

  it('phone: strips non-digits with Hanya angka yang boleh digunakan', () => {
    const { type, snap } = start();
    type('phone', '0812-34');
    expect(snap().context.values.phone).toBe('081234');
    expect(selectErrors(snap()).phone).toBe('Hanya angka yang boleh digunakan');
  });

  it('phone: a 16th digit is accepted and trimmed to 15, a 17th gives Jumlah maksimal 15 digit angka', () => {
    const { type, snap } = start();
    type('phone', '1'.repeat(16));
    expect(snap().context.values.phone).toBe('1'.repeat(15));
    expect(selectErrors(snap()).phone).toBeNull();
    type('phone', '1'.repeat(17));
    expect(snap().context.values.phone).toBe('1'.repeat(15));
    expect(selectErrors(snap()).phone).toBe('Jumlah maksimal 15 digit angka');
  });

  it('email: strips other characters silently and keeps 32', () => {
    const { type, snap } = start();
    type('email', 'bu di+x@mail!.com');
    expect(snap().context.values.email).toBe('budix@mail.com');
    expect(selectErrors(snap()).email).toBeNull();
    type('email', `${'a'.repeat(40)}@mail.com`);
    expect(snap().context.values.email).toBe('a'.repeat(32));
  });

  it('a clean keystroke clears the typing message', () => {
    const { type, snap } = start();
    type('name', 'Budi1');
    type('name', 'Budi');
    expect(selectErrors(snap()).name).toBeNull();
  });
});

describe('debounced validation (1000 ms)', () => {
  it('shows each rule message 1000 ms after the last keystroke, each keystroke restarting the wait', () => {
    const { type, snap, clock } = start();
    type('email', 'budi');
    clock.increment(600);
    type('email', 'budi@');
    clock.increment(VALIDATION_DEBOUNCE_MS - 1);
    expect(selectErrors(snap()).email).toBeNull();
    expect(snap().matches({ editing: 'debouncing' })).toBe(true);
    clock.increment(1);
    expect(selectErrors(snap()).email).toBe('Format email tidak valid');
    expect(snap().matches({ editing: 'idle' })).toBe(true);
  });

  it.each([
    ['name', '', 'Harap isi'],
    ['phone', '', 'Harap isi'],
    ['email', '', 'Harap isi'],
    ['phone', '08123', 'Masukan min 9 & max 15 digit angka'],
    ['email', 'budi.mail.com', 'Format email tidak valid'],
    ['name', 'Budi Santoso', null],
    ['phone', '081234567890', null],
    ['email', 'budi@mail.co.id', null],
  ] as const)('%s %j -> %s', (field, value, message) => {
    const { type, snap, clock } = start();
    type(field, value);
    clock.increment(VALIDATION_DEBOUNCE_MS);
    expect(selectErrors(snap())[field]).toBe(message);
  });

  it('replaces the typing message once the value is valid', () => {
    const { type, snap, clock } = start();
    type('name', 'Budi!');
    clock.increment(VALIDATION_DEBOUNCE_MS);
    expect(selectErrors(snap()).name).toBeNull();
  });

  it('validates only the fields typed into', () => {
    const { type, snap, clock } = start();
    type('phone', '0812');
    type('name', 'Budi1');
    clock.increment(VALIDATION_DEBOUNCE_MS);
    expect(selectErrors(snap())).toEqual({
      name: null,
      phone: 'Masukan min 9 & max 15 digit angka',
      email: null,
    });
  });
});

describe('saving', () => {
  it('validates every field at once when invalid, stays and does not navigate', () => {
    const { actor, type, snap, emitted, clock } = start();
    type('phone', '0812');
    actor.send({ type: 'form.save' });
    expect(snap().status).toBe('active');
    expect(snap().matches({ editing: 'idle' })).toBe(true);
    expect(selectErrors(snap())).toEqual({
      name: 'Harap isi',
      phone: 'Masukan min 9 & max 15 digit angka',
      email: 'Harap isi',
    });
    clock.increment(VALIDATION_DEBOUNCE_MS);
    expect(selectErrors(snap()).phone).toBe('Masukan min 9 & max 15 digit angka');
    expect(emitted).toEqual([]);
  });

  it('saves only valid details: final state, output and back one step', () => {
    const { actor, type, snap, emitted } = start({ initial: { name: 'Budi Santoso ' } });
    type('phone', valid.phone);
    type('email', valid.email);
    expect(selectIsValid(snap())).toBe(true);
    actor.send({ type: 'form.save' });
    expect(snap().status).toBe('done');
    expect(snap().value).toBe('saved');
    expect(snap().output).toEqual(valid);
    expect(emitted).toEqual([{ type: 'navigate', intent: { kind: 'back', steps: 1 } }]);
  });

  it('does not wait for the debounce', () => {
    const { actor, type, snap } = start({ initial: valid });
    type('name', 'Ani');
    actor.send({ type: 'form.save' });
    expect(snap().output).toEqual({ ...valid, name: 'Ani' });
  });

  it('embedded on desktop: saves without navigating', () => {
    const { actor, snap, emitted } = start({ initial: valid, embedded: true });
    actor.send({ type: 'form.save' });
    expect(snap().status).toBe('done');
    expect(emitted).toEqual([]);
  });
});

describe('resuming after a reload (flow.resume)', () => {
  it('a restored form waiting for validation waits again, the full 1000 ms, once resumed', () => {
    const { actor, type } = start();
    type('phone', '0812');
    const clock = new SimulatedClock();
    const restored = createActor(bookerFormMachine, {
      clock,
      input: {},
      snapshot: JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as never,
    });
    restored.start();
    // The saved snapshot holds no timer: nothing validates until the screen resumes the form.
    clock.increment(VALIDATION_DEBOUNCE_MS * 2);
    expect(restored.getSnapshot().matches({ editing: 'debouncing' })).toBe(true);
    expect(selectErrors(restored.getSnapshot()).phone).toBeNull();
    restored.send({ type: 'flow.resume' });
    clock.increment(VALIDATION_DEBOUNCE_MS - 1);
    expect(selectErrors(restored.getSnapshot()).phone).toBeNull();
    clock.increment(1);
    expect(selectErrors(restored.getSnapshot()).phone).toBe('Masukan min 9 & max 15 digit angka');
    expect(restored.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    restored.stop();
  });

  it('restarts a running wait, and changes nothing when no field waits', () => {
    const { actor, type, snap, clock } = start();
    actor.send({ type: 'flow.resume' });
    expect(snap().matches({ editing: 'idle' })).toBe(true);
    expect(snap().context.errors).toEqual({ name: null, phone: null, email: null });
    type('email', 'budi@');
    clock.increment(VALIDATION_DEBOUNCE_MS - 1);
    actor.send({ type: 'flow.resume' });
    clock.increment(VALIDATION_DEBOUNCE_MS - 1);
    expect(selectErrors(snap()).email).toBeNull();
    clock.increment(1);
    expect(selectErrors(snap()).email).toBe('Format email tidak valid');
  });
});

describe('persistence', () => {
  it('a restored mid-flow snapshot behaves the same on the next events', () => {
    const input: BookerFormInput = { initial: { name: 'Budi Santoso' } };
    const { actor, type } = start(input);
    type('phone', '0812a');
    const restored = roundTripSnapshot(bookerFormMachine, actor, input);
    expect(restored.getSnapshot().context).toEqual(actor.getSnapshot().context);
    expect(restored.getSnapshot().value).toEqual(actor.getSnapshot().value);
    for (const target of [actor, restored]) {
      target.send({ type: 'form.save' });
      expect(target.getSnapshot().context.errors).toEqual({
        name: null,
        phone: 'Masukan min 9 & max 15 digit angka',
        email: 'Harap isi',
      });
      target.send({ type: 'booker.type', field: 'phone', value: valid.phone });
      target.send({ type: 'booker.type', field: 'email', value: valid.email });
      target.send({ type: 'form.save' });
    }
    expect(restored.getSnapshot().status).toBe('done');
    expect(restored.getSnapshot().output).toEqual(actor.getSnapshot().output);
    expect(restored.getSnapshot().output).toEqual(valid);
    restored.stop();
  });
});
