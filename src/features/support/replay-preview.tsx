import { useEffect, useMemo, useRef } from 'react';
import { CircleUserRound } from 'lucide-react';
import type { TraceLane } from '../../../contract/support';
import { BookingPreviewView } from '../booking';
import { KitSlotsProvider } from '../../components/kit-slots';
import { FlowOverride } from '../../flow/app-flow';
import { createPreviewFlow, stopFlow, type BookingActor } from '../../flow/app-flow-core';
import { restoreRecorded, runLane } from '../../trace/replay';

/** The header's account entry as the customer had it (a picture: the preview is never operated). */
function CustomerAccountEntry({ signedIn }: { signedIn: boolean }) {
  return (
    <span className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold text-primary-700">
      <CircleUserRound className="size-5" aria-hidden="true" />
      {signedIn ? 'Akun Saya' : 'Masuk'}
    </span>
  );
}

const noBack = () => undefined;

/**
 * The customer's booking screens as the recording left them after step `upTo` of the lane: the
 * page, the sheet or dialog open over it, the header as the customer had it, and the totals the
 * customer was shown. Drawn from the recorded snapshot, not the replay, so an edited or
 * divergent trace shows what it says the customer saw (the replay screen names the divergence).
 */
export function BookingPreview({ lane, upTo }: { lane: TraceLane; upTo: number }) {
  const flow = useMemo(() => {
    // A snapshot that cannot be restored (an edited file) falls back to the replay's own state.
    const actor = restoreRecorded(lane, upTo) ?? runLane(lane, { upTo }).actor;
    return actor ? createPreviewFlow(actor as unknown as BookingActor) : null;
  }, [lane, upTo]);
  useEffect(
    () => () => {
      if (flow) stopFlow(flow);
    },
    [flow],
  );
  const seatSheet = useRef<(() => void) | null>(null);
  if (!flow) return <p className="text-sm text-grey-600">Mesin alur ini tidak dikenal aplikasi.</p>;
  const signedIn = flow.booking.getSnapshot().context.signedIn;
  return (
    <KitSlotsProvider value={{ accountEntry: <CustomerAccountEntry signedIn={signedIn} />, back: noBack }}>
      <FlowOverride flow={flow}>
        <BookingPreviewView seatSheet={seatSheet} />
      </FlowOverride>
    </KitSlotsProvider>
  );
}
