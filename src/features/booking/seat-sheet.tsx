import { useEffect, useMemo, useRef, useState } from 'react';
import { childId, seatSheetCloseBlock } from '../../../machines/booking.machine';
import type { Direction } from '../../../machines/types';
import { RouteSheet, useSheetControls } from '../../components/route-sheet';
import { useBookingActor, useBookingSelector } from '../../flow/app-flow';
import { SeatPicker } from '../seats';
import { useRunningSeatSelection } from './booking-state';

type CloseRef = { current: (() => void) | null };

/** Hands the sheet's close control to its owner while the sheet is mounted. */
function ExposeClose({ closeRefs }: { closeRefs: readonly CloseRef[] }) {
  const { close } = useSheetControls();
  for (const ref of closeRefs) ref.current = close;
  useEffect(
    () => () => {
      for (const ref of closeRefs) ref.current = null;
    },
    [closeRefs],
  );
  return null;
}

/**
 * Desktop "Pilih Kursi" (spec section 2): shown while a seat choice started from this page runs.
 * A round trip moves on to the return seats inside it and cannot close before both directions
 * have seats; when the choice is saved the sheet closes, and closing it otherwise stops the choice.
 * It is not a route, so the page hands the browser's Back to it through `backRef`.
 */
export function SeatSheet({ backRef }: { backRef: CloseRef }) {
  const booking = useBookingActor();
  const hostedHere = useBookingSelector(({ context }) => context.layout === 'd' && context.seatHost === 'sheet');
  const closeBlock = useBookingSelector(({ context }) => seatSheetCloseBlock(context));
  const outbound = useRunningSeatSelection('pergi');
  const inbound = useRunningSeatSelection('pulang');
  const running: Direction | null = !hostedHere ? null : inbound ? 'pulang' : outbound ? 'pergi' : null;
  const [shown, setShown] = useState<Direction | null>(running);
  if (running !== null && running !== shown) setShown(running);

  const closeRef = useRef<(() => void) | null>(null);
  // The page's browser Back closes the sheet as its close icon does (the close block included).
  const closeRefs = useMemo(() => [closeRef, backRef], [backRef]);
  // Runs after the sheet's own effects, so it already knows the latest close block.
  useEffect(() => {
    if (shown !== null && running === null) closeRef.current?.();
  }, [shown, running]);

  if (shown === null) return null;
  return (
    <RouteSheet
      title="Pilih Kursi"
      historyBound={false}
      closeBlock={closeBlock}
      onClosed={() => {
        const still = booking.getSnapshot().context.openChildren;
        for (const direction of ['pergi', 'pulang'] as const) {
          const id = childId({ kind: 'seatSelection', direction });
          if (still.includes(id)) booking.send({ type: 'child.close', id });
        }
        setShown(null);
      }}
    >
      <ExposeClose closeRefs={closeRefs} />
      <SeatPicker key={shown} direction={shown} variant="sheet" />
    </RouteSheet>
  );
}
