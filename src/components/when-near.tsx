import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its children once their place scrolls within `margin` of the viewport: a below-the-fold
 * part of a page, and the code and requests it brings, waits until the traveller scrolls towards
 * it. `minHeight` keeps the place's size meanwhile, so nothing below it moves when it arrives.
 * Without IntersectionObserver the children render at once.
 */
export function WhenNear({
  children,
  margin = '0px',
  minHeight,
}: {
  children: ReactNode;
  margin?: string;
  minHeight?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const node = ref.current;
    if (near || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? <>{children}</> : <div ref={ref} aria-hidden="true" style={minHeight ? { minHeight } : undefined} />;
}
