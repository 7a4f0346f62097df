import { act, cleanup, render, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { briefToast, toast } from '../../../machines/toast';
import { toasterMachine, type ToasterActor } from '../../../machines/toaster.machine';
import { Toaster } from '../../../src/components/toaster';

afterEach(() => {
  cleanup();
  delete document.documentElement.dataset.vm;
});

function Screen({ actor }: { actor: ToasterActor }) {
  const toasts = useSelector(actor, (snapshot) => snapshot.context.toasts);
  return <Toaster toasts={toasts} onDismiss={(id) => actor.send({ type: 'toast.dismiss', id })} />;
}

const SIGNED_OUT = 'Kamu sudah keluar';
const NO_SEAT = 'Kamu belum memilih kursi, harap pilih kursi terlebih dahulu';

describe.each([
  ['mobile', 'm'],
  ['desktop', 'd'],
])('toasts on screen, %s layout (spec section 9: default 1 s, most messages 3000 ms)', (_, layout) => {
  it('a short confirmation leaves after 1 s; a message stays until 3 s', () => {
    document.documentElement.dataset.vm = layout;
    const clock = new SimulatedClock();
    const actor = createActor(toasterMachine, { clock }).start();
    render(<Screen actor={actor} />);
    act(() => {
      actor.send(briefToast(SIGNED_OUT, 'bottom'));
      actor.send(toast(NO_SEAT, 'top'));
    });
    expect(screen.getByText(SIGNED_OUT)).toBeTruthy();
    expect(screen.getByText(NO_SEAT)).toBeTruthy();

    act(() => clock.increment(999));
    expect(screen.queryByText(SIGNED_OUT)).not.toBeNull();
    act(() => clock.increment(1));
    expect(screen.queryByText(SIGNED_OUT)).toBeNull();
    expect(screen.queryByText(NO_SEAT)).not.toBeNull();

    act(() => clock.increment(1999));
    expect(screen.queryByText(NO_SEAT)).not.toBeNull();
    act(() => clock.increment(1));
    expect(screen.queryByText(NO_SEAT)).toBeNull();
    actor.stop();
  });
});
