import { basename } from 'node:path';

/** Which chart a file of machines/ belongs to: machines/<name>.machine.ts and its booking-*.ts helpers. */
export function machineOf(file: string): string {
  const name = basename(file, '.ts');
  if (name.endsWith('.machine')) return name.replace(/\.machine$/, '');
  if (name.startsWith('booking-')) return 'booking';
  if (name === 'countdown') return 'payment';
  return `(${name})`;
}
