import { useEffect, useRef } from 'react';
import { useQueries } from '@tanstack/react-query';
import { voucherListOpen } from '../../../machines/booking.machine';
import { operatorSnkQueryOptions } from '../../api/schedule-detail-queries';
import { buttonStyles } from '../../components/button-styles';
import { RouteSheet, useSheetControls } from '../../components/route-sheet';
import { useBookingActor, useBookingSelector } from '../../flow/app-flow';
import { useAttachChild } from '../../flow/booking-children';
import { cx } from '../../lib/cx';
import { BookerFields, useBookerPrefill } from './booker-form';
import { useBookingContext, useRunningBookerForm } from './booking-state';
import { BerkahInfo } from './info-content';
import { PassengerSummary } from './passenger-summary';
import { Skeleton } from '../../components/form-field';
import { VoucherList } from './voucher-list';

/** Closes the sheet it sits in once `done` turns true after having been false. */
function CloseWhen({ done }: { done: boolean }) {
  const { close } = useSheetControls();
  const closeRef = useRef(close);
  closeRef.current = close;
  const wasOpen = useRef(!done);
  useEffect(() => {
    if (!done) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      closeRef.current();
    }
  }, [done]);
  return null;
}

/**
 * "Informasi Pemesan" (info-customer-order): the booker form with "Simpan". The form saves only
 * valid details; on mobile the flow then goes back by itself, on desktop the sheet closes.
 */
export function BookerSheet() {
  useAttachChild({ kind: 'bookerForm' });
  const child = useRunningBookerForm();
  useBookerPrefill(child);
  return (
    <RouteSheet
      title="Informasi Pemesan"
      footer={
        <button
          type="button"
          className={cx(buttonStyles.primary, 'w-full')}
          disabled={!child}
          onClick={() => child?.send({ type: 'form.save' })}
        >
          Simpan
        </button>
      }
    >
      <CloseWhen done={child === undefined} />
      {child ? <BookerFields child={child} /> : <Skeleton className="h-32 w-full" />}
    </RouteSheet>
  );
}

/** "Informasi Penumpang" (info-passenger-order): every leg's seats and names, with the ways to change them. */
export function PassengerSheet() {
  return (
    <RouteSheet title="Informasi Penumpang" tone="grey">
      <PassengerSummary headingLevel={3} />
    </RouteSheet>
  );
}

/**
 * "Pilih Voucher" (list-voucher): shown while the booking flow has the voucher list open, and
 * closed by the flow (a voucher chosen) like by its own close icon. Opened by a link or a reload,
 * it tells the flow it is already here; the flow opens the list in place, or leaves for the booking
 * page when the list may not open (its toast says why).
 */
export function VoucherSheet() {
  const booking = useBookingActor();
  const open = useBookingSelector(voucherListOpen);
  useEffect(() => {
    booking.send({ type: 'voucher.attach' });
    // Leaving the sheet (closing, Back) closes the list in the flow too.
    return () => booking.send({ type: 'voucher.close' });
  }, [booking]);
  return (
    <RouteSheet title="Pilih Voucher">
      <CloseWhen done={!open} />
      <VoucherList mode="apply" />
    </RouteSheet>
  );
}

/** "Donasi Berkah" (berkah-detail): what the donation funds. */
export function BerkahSheet() {
  return (
    <RouteSheet title="Donasi Berkah">
      <BerkahInfo />
    </RouteSheet>
  );
}

/** The operators' terms (operator-snk) for every operator of the trip, or of the given code. */
export function OperatorTermsList({ operatorCodes }: { operatorCodes: string[] }) {
  const queries = useQueries({ queries: operatorCodes.map((code) => operatorSnkQueryOptions(code)) });
  if (operatorCodes.length === 0) {
    return (
      <p className="text-sm text-grey-700">
        Syarat & ketentuan berlaku sesuai operator perjalanan yang kamu pilih. Pilih jadwal terlebih dahulu untuk
        membacanya.
      </p>
    );
  }
  return (
    <div className="space-y-5">
      {queries.map((query, index) => (
        <section key={operatorCodes[index]} aria-label={query.data?.operatorName ?? operatorCodes[index]}>
          {query.isPending ? (
            <div className="space-y-2" aria-label="Memuat syarat & ketentuan">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-5/6" />
            </div>
          ) : query.isError ? (
            <p className="text-sm text-grey-700">Syarat & ketentuan operator belum dapat dimuat. Coba lagi nanti.</p>
          ) : (
            <>
              <h3 className="font-bold">{query.data.operatorName}</h3>
              <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm text-grey-800">
                {query.data.terms.map((term, termIndex) => (
                  <li key={termIndex}>{term}</li>
                ))}
              </ol>
            </>
          )}
        </section>
      ))}
    </div>
  );
}

/** Distinct operator codes of the booking's trip, in travel order. */
export function useTripOperatorCodes(): string[] {
  return useBookingContext((context) => {
    const legs = [...(context.trip?.outbound ?? []), ...(context.trip?.return ?? [])];
    return [...new Set(legs.map((leg) => leg.operatorCode))];
  });
}

/** "Syarat & Ketentuan" (terms-condition): the trip operators' terms. */
export function TermsSheet() {
  const codes = useTripOperatorCodes();
  return (
    <RouteSheet title="Syarat & Ketentuan">
      <OperatorTermsList operatorCodes={codes} />
    </RouteSheet>
  );
}
