import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { configQueryOptions } from '../../api/content-queries';

/** Until the page's first work is done, or this long at most. */
const IDLE_TIMEOUT_MS = 2000;

/** True once the browser is idle after the first render: the configuration call never competes with the page's own. */
function useAfterFirstWork(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setReady(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    // No idle callback (older Safari): after the first frame is painted.
    const frame = window.requestAnimationFrame(() => setReady(true));
    return () => window.cancelAnimationFrame(frame);
  }, []);
  return ready;
}

/**
 * Issue 21: a deployment in demo mode (seeded data, simulated payment) says so on every page, so
 * nobody takes it for the real service. A small tab hanging from the top edge, fixed, so it moves
 * nothing when it arrives, and it lets every tap through to what lies under it (the centre of a
 * navbar is its title, never a control). Shown only once the configuration says `demo`: never in
 * production, nor while the call is pending or failed.
 */
export function DemoRibbon() {
  const ready = useAfterFirstWork();
  const { data } = useQuery({ ...configQueryOptions(), enabled: ready });
  if (data?.mode !== 'demo') return null;
  return (
    <div
      role="status"
      className="pointer-events-none fixed top-0 left-1/2 z-[55] -translate-x-1/2 rounded-b-md border border-t-0 border-warning-300 bg-warning-100 px-2 text-[11px] leading-4 font-semibold whitespace-nowrap text-warning-800 shadow-sm print:hidden"
    >
      Mode demo<span className="sr-only">: data contoh, pembayaran disimulasikan</span>
    </div>
  );
}
