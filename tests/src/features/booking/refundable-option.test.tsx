import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RefundableOption } from '../../../../src/features/booking/refundable-option';
import {
  chooseSeats,
  enterPassengers,
  flush,
  oneWay,
  passengers,
  priceResults,
  seat,
  validBooker,
  type Run,
} from '../../../machines/booking-fixtures';
import type { CekHargaResults } from '../../../../contract';
import { renderPiece, startBooking } from './booking-kit';

vi.mock('../../../../src/flow/app-flow', async () => (await import('./booking-kit')).flowModule);

afterEach(cleanup);

const group = () => screen.getByRole('radiogroup', { name: 'Tiket Refundable' });
const radio = (name: string | RegExp) => within(group()).getByRole<HTMLInputElement>('radio', { name });
const YES = /^Ya, lindungi tiket saya/;

/** Seats chosen and the price check answered: the option is asked (or not) from that reply. */
async function seatedAndPriced(run: Run, patch: Partial<CekHargaResults> = {}) {
  await act(async () => {
    chooseSeats(run, 'pergi', [[seat('9')]]);
    run.checkPrice.calls.at(-1)?.resolve(priceResults(patch));
    await flush();
  });
}

describe('refundable option (spec sections 2, 4, 5, 8)', () => {
  it('is not shown before seats are chosen and the price list is loaded', async () => {
    const run = startBooking({ trip: oneWay });
    await renderPiece(<RefundableOption />);
    expect(screen.queryByRole('radiogroup')).toBeNull();
    await act(async () => {
      run.actor.send({ type: 'price.refresh' });
      run.checkPrice.calls[0]?.resolve(priceResults());
      await flush();
    });
    // A price list without seats still does not ask.
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('unset: asks for an answer with both choices open and the cover price', async () => {
    const run = startBooking({ trip: oneWay });
    await renderPiece(<RefundableOption />);
    await seatedAndPriced(run, { biaya_asuransi: 10_000 });
    expect(radio(YES).checked).toBe(false);
    expect(radio('Tidak').checked).toBe(false);
    expect(radio(YES).disabled).toBe(false);
    expect(within(group()).getByText('Harap tentukan opsi refundable berikut')).toBeTruthy();
    expect(within(group()).getByText('+Rp 10.000')).toBeTruthy();
  });

  it("answered: the choice is the machine's and the request for an answer goes away", async () => {
    const run = startBooking({ trip: oneWay });
    await renderPiece(<RefundableOption />);
    await seatedAndPriced(run);
    act(() => fireEvent.click(radio(YES)));
    expect(run.actor.getSnapshot().context.refundable).toBe('yes');
    expect(radio(YES).checked).toBe(true);
    expect(within(group()).queryByText('Harap tentukan opsi refundable berikut')).toBeNull();
    act(() => fireEvent.click(radio('Tidak')));
    expect(run.actor.getSnapshot().context.refundable).toBe('no');
    expect(radio('Tidak').checked).toBe(true);
  });

  it('free ticket: disabled, with the note instead of the request', async () => {
    const run = startBooking({ trip: oneWay });
    await renderPiece(<RefundableOption />);
    await seatedAndPriced(run, { flag_status_asuransi: 0, biaya_asuransi: 0 });
    expect(radio(YES).disabled).toBe(true);
    expect(radio('Tidak').disabled).toBe(true);
    expect(within(group()).getByText('Tiket gratis tidak dapat menggunakan fitur ini')).toBeTruthy();
    expect(within(group()).queryByText('Harap tentukan opsi refundable berikut')).toBeNull();
  });

  it('is highlighted while the validation stopped on it', async () => {
    const run = startBooking({ trip: oneWay, booker: validBooker });
    await renderPiece(<RefundableOption />);
    await seatedAndPriced(run);
    await act(async () => {
      enterPassengers(run, 'pergi', 0, passengers('Budi Santoso'));
      run.checkPrice.calls.at(-1)?.resolve(priceResults());
      await flush();
    });
    expect(group().hasAttribute('data-highlighted')).toBe(false);
    act(() => run.actor.send({ type: 'reserve.request' }));
    expect(group().hasAttribute('data-highlighted')).toBe(true);
    expect(group().getAttribute('data-booking-field')).toBe('refundable');
  });
});
