import { useEffect, useRef } from 'react';

/** How early the next page starts loading, before the sentinel is actually on screen. */
const LOOK_AHEAD = '600px';

/**
 * An invisible marker under the list: when it comes near the viewport the next page loads.
 * The "Muat lebih banyak" button beside it does the same for keyboard and no-observer browsers.
 */
export function ScheduleListSentinel({
  enabled,
  pageCount,
  onVisible,
}: {
  enabled: boolean;
  /** Observing again after each page fires at once when the marker is still in view. */
  pageCount: number;
  onVisible: () => void;
}) {
  const marker = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });

  useEffect(() => {
    const node = marker.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: `0px 0px ${LOOK_AHEAD} 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, pageCount]);

  return <div ref={marker} aria-hidden="true" className="h-px" />;
}
