import type { FlashSalePaymentMethod, FlashSaleSlot } from '../../machines/flash-sale.machine';

/** The server's clock in the flash-sale tests. */
export const NOW = '2026-11-23T01:00:00.000Z';
export const NOW_MS = Date.parse(NOW);

/** A slot from `from` to `to` milliseconds after NOW. */
export const slot = (id: number, from: number, to: number, status: FlashSaleSlot['status']): FlashSaleSlot => ({
  id,
  name: `Sesi ${id}`,
  startsAtMs: NOW_MS + from,
  endsAtMs: NOW_MS + to,
  status,
});

/** A virtual-account method on the flash price, available unless said otherwise. */
export const method = (code: string, available = true): FlashSalePaymentMethod => ({
  code,
  name: code,
  group: 'Virtual Account',
  kind: 'va',
  fee: 4000,
  feeType: 'nominal',
  feeAmount: 4000,
  total: 53_000,
  available,
});
