import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { TOAST_DEFAULT_MS, TOAST_MESSAGE_MS } from '../../machines/constants';
import { briefToast, toast } from '../../machines/toast';
import { toastsAt, toasterMachine, toastTimerMachine, type ToastItem } from '../../machines/toaster.machine';
import type { ToastEmitted } from '../../machines/types';

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(toasterMachine, { clock });
  actor.start();
  const shown = () => actor.getSnapshot().context.toasts;
  const timers = () => Object.keys(actor.getSnapshot().children).sort();
  return { actor, clock, shown, timers };
}

const emitted = (message: string, position: ToastEmitted['position'], durationMs: number): ToastEmitted => ({
  type: 'toast',
  message,
  position,
  durationMs,
});

const item = (id: number, message: string, position: ToastItem['position'], durationMs: number): ToastItem => ({
  id,
  message,
  position,
  durationMs,
});

describe('toast: the one builder of the machines', () => {
  it('builds a toast of 3000 ms (spec section 9: most messages) at the given position', () => {
    expect(toast('Kamu belum memilih kursi, harap pilih kursi terlebih dahulu', 'top')).toEqual({
      type: 'toast',
      message: 'Kamu belum memilih kursi, harap pilih kursi terlebih dahulu',
      durationMs: 3000,
      position: 'top',
    });
    expect(toast('Tidak dapat melakukan reservasi', 'bottom')).toMatchObject({ position: 'bottom', durationMs: 3000 });
    expect(TOAST_MESSAGE_MS).toBe(3000);
  });

  it('builds the default toast of 1000 ms (spec section 9: "default 1 s") for a short confirmation', () => {
    expect(briefToast('Kamu sudah keluar', 'bottom')).toEqual({
      type: 'toast',
      message: 'Kamu sudah keluar',
      durationMs: 1000,
      position: 'bottom',
    });
    expect(TOAST_DEFAULT_MS).toBe(1000);
  });
});

describe('toasterMachine: showing', () => {
  it('starts with no toast', () => {
    const { shown, timers } = start();
    expect(shown()).toEqual([]);
    expect(timers()).toEqual([]);
  });

  it('shows each emitted toast with its message, position and duration, numbered from 1', () => {
    const { actor, shown, timers } = start();
    actor.send(emitted('Tidak dapat melakukan reservasi', 'bottom', TOAST_MESSAGE_MS));
    actor.send(emitted('Masuk untuk bisa gunakan fitur ini', 'top', TOAST_DEFAULT_MS));
    expect(shown()).toEqual([
      item(1, 'Tidak dapat melakukan reservasi', 'bottom', 3000),
      item(2, 'Masuk untuk bisa gunakan fitur ini', 'top', 1000),
    ]);
    expect(timers()).toEqual(['toast.1', 'toast.2']);
  });

  it('removes each toast when its own time has passed, not before', () => {
    const { actor, clock, shown, timers } = start();
    actor.send(emitted('Pesan tiga detik', 'top', 3000));
    clock.increment(500);
    actor.send(emitted('Pesan satu detik', 'bottom', 1000));
    clock.increment(999);
    expect(shown().map((toast) => toast.id)).toEqual([1, 2]);
    clock.increment(1); // 1500 ms: the one-second toast ends
    expect(shown().map((toast) => toast.id)).toEqual([1]);
    clock.increment(1499);
    expect(shown().map((toast) => toast.id)).toEqual([1]);
    clock.increment(1); // 3000 ms
    expect(shown()).toEqual([]);
    expect(timers()).toEqual([]);
  });

  it('the same message at the same place shows once, its time started again', () => {
    const { actor, clock, shown, timers } = start();
    actor.send(emitted('Harap isi', 'top', 3000));
    clock.increment(2000);
    actor.send(emitted('Harap isi', 'top', 3000));
    expect(shown()).toEqual([item(2, 'Harap isi', 'top', 3000)]);
    expect(timers()).toEqual(['toast.2']);
    clock.increment(2999);
    expect(shown()).toHaveLength(1);
    clock.increment(1);
    expect(shown()).toEqual([]);
  });

  it('the same message at the other place is another toast', () => {
    const { actor, shown } = start();
    actor.send(emitted('Harap isi', 'top', 3000));
    actor.send(emitted('Harap isi', 'bottom', 3000));
    expect(shown().map((toast) => [toast.id, toast.position])).toEqual([
      [1, 'top'],
      [2, 'bottom'],
    ]);
  });

  it('a repeat takes the duration it is sent with', () => {
    const { actor, clock, shown } = start();
    actor.send(emitted('Harap isi', 'top', 3000));
    actor.send(emitted('Harap isi', 'top', 1000));
    expect(shown()).toEqual([item(2, 'Harap isi', 'top', 1000)]);
    clock.increment(1000);
    expect(shown()).toEqual([]);
  });
});

describe('toasterMachine: dismissing', () => {
  it('a dismissed toast goes at once, the others keep their time', () => {
    const { actor, clock, shown, timers } = start();
    actor.send(emitted('Satu', 'top', 3000));
    actor.send(emitted('Dua', 'top', 3000));
    actor.send({ type: 'toast.dismiss', id: 1 });
    expect(shown().map((toast) => toast.message)).toEqual(['Dua']);
    expect(timers()).toEqual(['toast.2']);
    clock.increment(3000);
    expect(shown()).toEqual([]);
  });

  it('dismissing a toast no longer shown (or never shown) changes nothing', () => {
    const { actor, clock, shown } = start();
    actor.send({ type: 'toast.dismiss', id: 1 });
    actor.send(emitted('Satu', 'top', 1000));
    clock.increment(1000);
    actor.send({ type: 'toast.dismiss', id: 1 });
    actor.send(emitted('Dua', 'top', 3000));
    actor.send({ type: 'toast.dismiss', id: 7 });
    expect(shown()).toEqual([item(2, 'Dua', 'top', 3000)]);
    expect(actor.getSnapshot().context.nextId).toBe(3);
  });

  it('a toast replaced by its repeat cannot be dismissed by its old number', () => {
    const { actor, shown } = start();
    actor.send(emitted('Harap isi', 'top', 3000));
    actor.send(emitted('Harap isi', 'top', 3000));
    actor.send({ type: 'toast.dismiss', id: 1 });
    expect(shown().map((toast) => toast.id)).toEqual([2]);
  });
});

describe('toastsAt', () => {
  it('gives the toasts of one position, oldest first', () => {
    const { actor } = start();
    actor.send(emitted('Atas satu', 'top', 3000));
    actor.send(emitted('Bawah', 'bottom', 3000));
    actor.send(emitted('Atas dua', 'top', 3000));
    const snapshot = actor.getSnapshot();
    expect(toastsAt(snapshot, 'top').map((toast) => toast.message)).toEqual(['Atas satu', 'Atas dua']);
    expect(toastsAt(snapshot, 'bottom').map((toast) => toast.message)).toEqual(['Bawah']);
  });
});

describe('toastTimerMachine', () => {
  it('stays visible for its duration, then is done with its id', () => {
    const clock = new SimulatedClock();
    const timer = createActor(toastTimerMachine, { clock, input: { id: 4, durationMs: 1000 } });
    timer.start();
    clock.increment(999);
    expect(timer.getSnapshot().value).toBe('visible');
    clock.increment(1);
    expect(timer.getSnapshot().value).toBe('done');
    expect(timer.getSnapshot().status).toBe('done');
    expect(timer.getSnapshot().output).toEqual({ id: 4 });
  });

  it('ends at once when dismissed', () => {
    const timer = createActor(toastTimerMachine, { clock: new SimulatedClock(), input: { id: 9, durationMs: 3000 } });
    timer.start();
    timer.send({ type: 'toast.dismiss' });
    expect(timer.getSnapshot().status).toBe('done');
    expect(timer.getSnapshot().output).toEqual({ id: 9 });
  });
});
