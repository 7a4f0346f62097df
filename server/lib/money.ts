/**
 * Rupiah as the product writes it (spec section 9): "Rp" and dot thousands, "Rp 150.000".
 * Built by hand rather than with Intl, so a server without full ICU data writes the same text.
 */
export function formatRupiah(value: number): string {
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(value)));
  return `${sign}Rp ${digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}
