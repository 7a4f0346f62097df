import type { FormatPesanOlehOlehResults } from '../../../contract';
import type { CartLine } from '../../../machines/souvenir-cart.machine';
import { formatRupiah } from '../../lib/format';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** The order as the call centre reads it, in the server's format (format-pesan-oleh-oleh). */
export function souvenirOrderMessage(format: FormatPesanOlehOlehResults, lines: readonly CartLine[]): string {
  const daftar = lines
    .map((line) =>
      fill(format.baris, {
        nama: line.name,
        satuan: line.unit,
        jumlah: String(line.quantity),
        subtotal: formatRupiah(line.price * line.quantity),
      }),
    )
    .join('\n');
  const total = formatRupiah(lines.reduce((sum, line) => sum + line.price * line.quantity, 0));
  return fill(format.format, { daftar, total });
}

/** The call centre's chat with the order already written. */
export function souvenirOrderLink(format: FormatPesanOlehOlehResults, lines: readonly CartLine[]): string {
  return `https://wa.me/${format.whatsapp}?text=${encodeURIComponent(souvenirOrderMessage(format, lines))}`;
}
