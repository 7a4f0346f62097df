import { useState } from 'react';
import { cx } from '../lib/cx';

/** Operator logo with its name as alt text; initials when the image cannot load. */
export function OperatorLogo({ src, name, className }: { src: string; name: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  const box = cx('hairline size-11 shrink-0 rounded-lg border-grey-200 bg-white', className);
  if (failed || !src) {
    const initials = name
      .split(/\s+/)
      .map((word) => word[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase();
    return (
      <span
        role="img"
        aria-label={name}
        className={cx(box, 'flex items-center justify-center text-sm font-bold text-primary-700')}
      >
        {initials}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={name}
      width={44}
      height={44}
      loading="lazy"
      decoding="async"
      className={cx(box, 'object-contain p-1')}
      onError={() => setFailed(true)}
    />
  );
}
