import { describe, expect, it } from 'vitest';
import { COUNTDOWN_WARNING_MS, countdownAnnouncement } from '../../machines/countdown';
import { isOrderOutOfTime, isOrderPaid, paidNavigation, paymentUrlNavigation } from '../../machines/payment.machine';
import { order } from './payment-fixtures';

describe('payment helpers', () => {
  it('"Bayar" leads to the payment page of the order', () => {
    expect(paymentUrlNavigation('RSV1')).toEqual({
      kind: 'route',
      name: 'payment-url',
      search: { reservasi_kode: 'RSV1' },
    });
  });

  it('a paid order opens the order page on desktop and the payment page on a phone', () => {
    expect(paidNavigation('RSV1', 'd')).toEqual({ kind: 'route', name: 'detail-order', params: { code: 'RSV1' } });
    expect(paidNavigation('RSV1', 'm')).toEqual({ kind: 'route', name: 'payment-order', params: { code: 'RSV1' } });
  });

  it('an order is paid by its paid flag or by its status alone', () => {
    expect(isOrderPaid(order({ flag_lunas: 1, status: 'pending' }))).toBe(true);
    expect(isOrderPaid(order({ flag_lunas: 0, status: 'paid' }))).toBe(true);
    expect(isOrderPaid(order({ flag_lunas: 0, status: 'pending' }))).toBe(false);
  });

  it("an order is out of time by the server's word, even with time left on its clock, or by the clock", () => {
    expect(isOrderOutOfTime({ order: order({ status: 'expired' }), remainingMs: 10 * 60_000 })).toBe(true);
    expect(isOrderOutOfTime({ order: order(), remainingMs: 0 })).toBe(true);
    expect(isOrderOutOfTime({ order: order(), remainingMs: 1 })).toBe(false);
  });
});

describe('the payment countdown', () => {
  it('turns amber at five minutes left', () => {
    expect(COUNTDOWN_WARNING_MS).toBe(5 * 60 * 1000);
  });

  it('announces exactly one minute left as one minute, less than that as under a minute', () => {
    expect(countdownAnnouncement(60_000)).toBe('Sisa waktu pembayaran 1 menit');
    expect(countdownAnnouncement(59_999)).toBe('Sisa waktu pembayaran kurang dari 1 menit');
  });
});
