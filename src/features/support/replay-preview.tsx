import { useEffect, useMemo, useRef } from 'react';
import type { TraceLane } from '../../../contract/support';
import { BookingPageView } from '../booking';
import { FlowOverride } from '../../flow/app-flow';
import { createPreviewFlow, stopFlow, type BookingActor } from '../../flow/app-flow-core';
import { runLane } from '../../trace/replay';

/**
 * The customer's booking page as it was after step `upTo` of the lane: the real screens, fed by
 * the replayed snapshot. Dialogs and sheets are left out (the step list names them).
 */
export function BookingPreview({ lane, upTo }: { lane: TraceLane; upTo: number }) {
  const flow = useMemo(() => {
    const run = runLane(lane, { upTo });
    return run.actor ? createPreviewFlow(run.actor as unknown as BookingActor) : null;
  }, [lane, upTo]);
  useEffect(
    () => () => {
      if (flow) stopFlow(flow);
    },
    [flow],
  );
  const seatSheet = useRef<(() => void) | null>(null);
  if (!flow) return <p className="text-sm text-grey-600">Mesin alur ini tidak dikenal aplikasi.</p>;
  return (
    <FlowOverride flow={flow}>
      <BookingPageView seatSheet={seatSheet} preview />
    </FlowOverride>
  );
}
