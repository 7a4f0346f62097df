import type { VoucherCard } from '../api/mappers';
import { formatRupiah } from './format';

type Discount = Pick<VoucherCard, 'discountType' | 'discountValue' | 'maxDiscount'>;

/** "10%, maks. Rp 25.000" or "Rp 20.000". */
export function discountValueText(voucher: Discount): string {
  if (voucher.discountType === 'nominal') return formatRupiah(voucher.discountValue);
  const cap = voucher.maxDiscount !== null ? `, maks. ${formatRupiah(voucher.maxDiscount)}` : '';
  return `${voucher.discountValue}%${cap}`;
}

/** "Potongan 10%, maks. Rp 25.000", on the voucher cards of the booking and the account. */
export function discountText(voucher: Discount): string {
  return `Potongan ${discountValueText(voucher)}`;
}
