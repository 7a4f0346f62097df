import { generate } from 'lean-qr';
import { toSvgPath } from 'lean-qr/extras/svg';
import { useMemo } from 'react';
import { cx } from '../lib/cx';

/** Quiet zone around the code, in modules (ISO 18004 asks for 4 so scanners find the edges). */
const QUIET_ZONE = 4;

export interface QrCodeProps {
  /** The text to encode (a QRIS payload, a ticket code). */
  value: string;
  /** Width and height in CSS pixels. */
  size?: number;
  /** What the image is, for screen readers ("QRIS untuk pembayaran ..."). */
  label: string;
  className?: string;
}

/**
 * A QR code drawn as one SVG path: sharp at any zoom, no canvas, and a real image for assistive
 * technology (role img with the label). Black on white whatever the theme, as scanners expect.
 */
export function QrCode({ value, size = 200, label, className }: QrCodeProps) {
  const code = useMemo(() => {
    try {
      const bitmap = generate(value);
      return { size: bitmap.size, path: toSvgPath(bitmap) };
    } catch {
      // Too long for any QR version: show the label instead of crashing the page.
      return null;
    }
  }, [value]);

  if (!code) {
    return (
      <div role="img" aria-label={label} className={cx('text-sm text-grey-700', className)}>
        Kode QR tidak dapat ditampilkan
      </div>
    );
  }
  const box = code.size + QUIET_ZONE * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${box} ${box}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={box} height={box} fill="#ffffff" />
      <path d={code.path} fill="#000000" />
    </svg>
  );
}
