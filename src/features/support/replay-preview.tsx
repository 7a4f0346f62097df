import { useEffect, useMemo, useRef } from 'react';
import { createActor } from 'xstate';
import type { TraceLane } from '../../../contract/support';
import { delayedNavigationMachine } from '../../../machines/delayed-navigation.machine';
import { toasterMachine } from '../../../machines/toaster.machine';
import { BookingPageView } from '../booking';
import { FlowOverride } from '../../flow/app-flow';
import type { AppFlow, BookingActor } from '../../flow/app-flow-core';
import { runLane } from '../../trace/replay';
import { TraceRecorder } from '../../trace/trace-recorder';

/** A flow around a replayed booking actor: nothing it emits reaches the support agent's page. */
function previewFlow(booking: BookingActor): AppFlow {
  const toaster = createActor(toasterMachine).start();
  const delayedNavigation = createActor(delayedNavigationMachine).start();
  const trace = new TraceRecorder({
    appVersion: 'preview',
    layout: () => 'd',
    platform: () => 'WEB',
    route: () => '/',
  });
  return { booking, toaster, delayedNavigation, inspect: () => undefined, trace };
}

/**
 * The customer's booking page as it was after step `upTo` of the lane: the real screens, fed by
 * the replayed snapshot. Dialogs and sheets are left out (the step list names them).
 */
export function BookingPreview({ lane, upTo }: { lane: TraceLane; upTo: number }) {
  const flow = useMemo(() => {
    const run = runLane(lane, { upTo });
    return run.actor ? previewFlow(run.actor as unknown as BookingActor) : null;
  }, [lane, upTo]);
  useEffect(
    () => () => {
      flow?.booking.stop();
      flow?.toaster.stop();
      flow?.delayedNavigation.stop();
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
