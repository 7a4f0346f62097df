import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { ChevronRight, SearchX, TriangleAlert, UserRound } from 'lucide-react';
import { bookingMessages, type BookingSheet, type EntrySource } from '../../../machines/booking-context';
import { bookerComplete, isReadyToReserve, openDialog, seatCountsMatch } from '../../../machines/booking-selectors';
import { buttonStyles } from '../../components/button-styles';
import { Navbar } from '../../components/navbar';
import { useBookingActor, useBookingSelector } from '../../flow/app-flow';
import { holdBrowserBack } from '../../flow/navigation';
import { cx } from '../../lib/cx';
import { useShake } from '../../lib/shake';
import { formatDateShort } from '../../lib/format';
import { BookerInline } from './booker-form';
import { BookingOverlays } from './booking-overlays';
import { routeLine, useBookingContext, useTrip } from './booking-state';
import { DesktopPassengers } from './desktop-passengers';
import { DonationOption } from './donation-option';
import { Card } from '../../components/form-field';
import { HoldTimer } from './hold-timer';
import { PassengerSummary } from './passenger-summary';
import { PointsOption } from './points-option';
import { PriceList, TotalAmount } from './price-list';
import { RefundableOption } from './refundable-option';
import { SeatSheet } from './seat-sheet';
import { TermsField } from './terms-field';
import { HelpFooter } from '../support';
import { DepartureInfo, RouteCards, TripSummary } from './trip-info';
import { VoucherBar } from './voucher-bar';

export const BOOKING_TITLE = 'Konfirmasi Pesanan';
const PAGE_ROUTE_ID = '/app/information-passengers';
/** The page's sheets by their routes: the flow decides what coming back from each means. */
const SHEET_ROUTES: Record<string, BookingSheet> = {
  [`${PAGE_ROUTE_ID}/info-customer-order`]: 'booker',
  [`${PAGE_ROUTE_ID}/info-passenger-order`]: 'passengers',
  [`${PAGE_ROUTE_ID}/list-voucher`]: 'voucher',
  [`${PAGE_ROUTE_ID}/berkah-detail`]: 'berkah',
  [`${PAGE_ROUTE_ID}/terms-condition`]: 'terms',
};

/**
 * Tells the booking flow what the router shows (spec section 4 "Booking page entry"): the page
 * entered, with where the URL says it came from, and the page shown again after one of its sheets
 * closed.
 */
function usePageEnter(from: EntrySource, sa: boolean) {
  const booking = useBookingActor();
  const leaf = useRouterState({ select: (state) => state.matches[state.matches.length - 1]?.routeId });
  const previousLeaf = useRef<string | null>(null);
  const entry = useRef({ from, sa });
  entry.current = { from, sa };
  useEffect(() => {
    const previous = previousLeaf.current;
    previousLeaf.current = leaf ?? null;
    if (leaf !== PAGE_ROUTE_ID) return;
    const sheet = previous === null ? undefined : SHEET_ROUTES[previous];
    if (previous === null) booking.send({ type: 'page.enter', from: entry.current.from, sa: entry.current.sa });
    else if (sheet) booking.send({ type: 'page.return', sheet });
  }, [booking, leaf]);
}

type CloseRef = { current: (() => void) | null };

/**
 * The browser's own Back (or a webview's hardware back) does what the navbar's back does: an open
 * "Pilih Kursi" sheet closes first (it is not a route, so nothing else would close it), an open
 * dialog is answered "Tidak", and otherwise leaving asks "Konfirmasi Kembali ?". The step back is
 * held until the flow, on "Ya", takes it itself; moves to and from the page's own sheets pass.
 */
function useBrowserBack(seatSheet: CloseRef, enabled: boolean) {
  const booking = useBookingActor();
  const router = useRouter();
  useEffect(() => {
    if (!enabled) return;
    return holdBrowserBack(router, PAGE_ROUTE_ID, (steps) => {
      if (seatSheet.current) {
        seatSheet.current();
        return;
      }
      if (openDialog(booking.getSnapshot())) booking.send({ type: 'dialog.cancel' });
      else booking.send({ type: 'leave.request', intent: { kind: 'back', steps } });
    });
  }, [booking, router, seatSheet, enabled]);
}

function EmptyBooking() {
  return (
    <>
      <Navbar title={BOOKING_TITLE} />
      <main id="main" className="mx-auto flex w-full max-w-md flex-1 flex-col items-center px-6 py-16 text-center">
        <SearchX className="size-12 text-primary-600" aria-hidden="true" />
        <h2 className="mt-4 text-lg font-bold">Belum ada perjalanan yang dipilih</h2>
        <p className="mt-2 text-sm text-grey-700">
          Pesanan ini sudah selesai atau dibuka di tab baru. Cari jadwal dan pilih perjalananmu untuk mulai memesan.
        </p>
        <Link to="/" className={cx(buttonStyles.primary, 'mt-6')}>
          Cari Jadwal
        </Link>
      </main>
    </>
  );
}

const STEPS = ['Form Pemesan', 'Pembayaran', 'Selesai'] as const;

function StepBar() {
  return (
    <nav aria-label="Langkah pemesanan" className="mb-4">
      <ol className="flex items-center gap-2 text-sm">
        {STEPS.map((step, index) => (
          <li key={step} className="flex flex-1 items-center gap-2" aria-current={index === 0 ? 'step' : undefined}>
            <span
              className={cx(
                'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                index === 0 ? 'bg-primary-600 text-white' : 'bg-grey-200 text-grey-700',
              )}
            >
              {index + 1}
            </span>
            <span className={cx('font-semibold', index === 0 ? 'text-primary-700' : 'text-grey-700')}>{step}</span>
            {index < STEPS.length - 1 ? <span className="h-px flex-1 bg-grey-300" aria-hidden="true" /> : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The main button's look while the flow would still refuse (it still answers with what is missing). */
const waitingButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-card bg-grey-300 px-4 text-sm font-semibold text-grey-800';

/** The flow saves the inline forms itself (desktop) before it validates. */
function useReserve() {
  const booking = useBookingActor();
  return () => booking.send({ type: 'reserve.request' });
}

/** "Reservasi Tiket": looks disabled until the seat counts match, yet always asks the flow, which says what is missing. */
function ReserveButton() {
  const reserve = useReserve();
  const ready = useBookingSelector(seatCountsMatch);
  const [button, shakeButton] = useShake<HTMLButtonElement>();
  return (
    <button
      ref={button}
      type="button"
      onClick={() => {
        // Pressed while it looks disabled: it shakes once beside the flow's own answer.
        if (!ready) shakeButton();
        reserve();
      }}
      className={cx(ready ? buttonStyles.primary : waitingButton, 'w-full')}
    >
      Reservasi Tiket
    </button>
  );
}

function OptionsCard({ headingId }: { headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="hairline space-y-3 rounded-card border-grey-200 bg-white p-4">
      <h2 id={headingId} className="text-base font-bold">
        Lainnya
      </h2>
      <RefundableOption />
      <DonationOption />
      <PointsOption />
    </section>
  );
}

function DesktopBooking() {
  const trip = useTrip();
  const optionsId = useId();
  const voucherId = useId();
  const bookerId = useId();
  if (!trip) return null;
  return (
    <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 pt-5 pb-12">
      <StepBar />
      <div className="grid grid-cols-12 items-start gap-6">
        <div className="col-span-7 space-y-4">
          <Card title="Informasi Pemesan" titleId={bookerId} field="booker">
            <BookerInline />
          </Card>
          <DesktopPassengers trip={trip} />
          <DepartureInfo trip={trip} />
          <section aria-labelledby={voucherId} className="space-y-2">
            <h2 id={voucherId} className="text-base font-bold">
              Voucher
            </h2>
            <VoucherBar />
          </section>
          <OptionsCard headingId={optionsId} />
        </div>
        <aside aria-label="Ringkasan pesanan" className="sticky top-20 col-span-5 space-y-4">
          <TripSummary trip={trip} />
          <div className="hairline space-y-4 rounded-card border-grey-200 bg-white p-4">
            <HoldTimer />
            <PriceList />
            <TermsField />
            <ReserveButton />
          </div>
        </aside>
      </div>
      <HelpFooter />
    </main>
  );
}

function BookerCard() {
  const booking = useBookingActor();
  const booker = useBookingContext((context) => context.booker);
  const complete = useBookingSelector(bookerComplete);
  const empty = booker.name === '' && booker.phone === '' && booker.email === '';
  const headingId = useId();
  return (
    <Card title="Data Pemesan" titleId={headingId} field="booker">
      <button
        type="button"
        onClick={() => booking.send({ type: 'booker.open' })}
        className="hairline flex min-h-14 w-full items-center gap-3 rounded-card border-grey-200 px-3 py-2 text-left text-sm hover:bg-grey-50"
      >
        <UserRound className="size-5 shrink-0 text-primary-600" aria-hidden="true" />
        {empty ? (
          <span className="flex-1 font-semibold">Masukan Detail Pemesan</span>
        ) : (
          <span className="min-w-0 flex-1">
            <span className="sr-only">Ubah detail pemesan: </span>
            <span className="block truncate font-semibold">{booker.name}</span>
            <span className="block truncate text-grey-700">{booker.email}</span>
            <span className="block truncate text-grey-700">{booker.phone}</span>
          </span>
        )}
        <ChevronRight className="size-5 shrink-0 text-grey-600" aria-hidden="true" />
      </button>
      {complete ? null : (
        <p className="mt-2 flex items-center gap-2 rounded-card bg-warning-50 p-2 text-sm font-semibold text-warning-800">
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          {bookingMessages.bookerWarning}
        </p>
      )}
    </Card>
  );
}

function MobileBooking() {
  const trip = useTrip();
  const reserve = useReserve();
  const valid = useBookingSelector(isReadyToReserve);
  const [payButton, shakePayButton] = useShake<HTMLButtonElement>();
  const passengersId = useId();
  const voucherId = useId();
  const optionsId = useId();
  const priceId = useId();
  if (!trip) return null;
  return (
    <>
      <main id="main" className="mx-auto w-full max-w-xl flex-1 space-y-4 px-4 pt-4 pb-32">
        <RouteCards trip={trip} />
        <HoldTimer />
        <BookerCard />
        <Card
          title="Data Penumpang"
          titleId={passengersId}
          field="passengers"
          action={
            <Link
              to="/app/information-passengers/info-passenger-order"
              className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-primary-700"
            >
              Detail<span className="sr-only"> penumpang</span>
            </Link>
          }
        >
          <PassengerSummary />
        </Card>
        <section aria-labelledby={voucherId} className="space-y-2">
          <h2 id={voucherId} className="text-base font-bold">
            Voucher
          </h2>
          <VoucherBar />
        </section>
        <OptionsCard headingId={optionsId} />
        <section aria-labelledby={priceId} className="hairline space-y-4 rounded-card border-grey-200 bg-white p-4">
          <h2 id={priceId} className="sr-only">
            Pembayaran
          </h2>
          <PriceList headingLevel={3} />
          <TermsField />
        </section>
        <HelpFooter />
      </main>
      <div data-bottom-bar="" className="hairline fixed inset-x-0 bottom-0 z-20 border-t border-grey-200 bg-white">
        <div className="mx-auto flex max-w-xl items-center gap-3 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="text-xs text-grey-700">Total Pembayaran</p>
            <TotalAmount className="block text-lg font-bold" />
          </div>
          <button
            ref={payButton}
            type="button"
            onClick={() => {
              // Grey while invalid: a press shakes it once beside the flow's message.
              if (!valid) shakePayButton();
              reserve();
            }}
            className={cx(valid ? buttonStyles.primary : waitingButton, 'px-6')}
          >
            Bayar Sekarang
          </button>
        </div>
      </div>
    </>
  );
}

interface BookingPageProps {
  from: EntrySource;
  sa: boolean;
  /** The page's child routes (its sheets). */
  children?: ReactNode;
}

/**
 * The booking-information page (spec section 2): desktop shows the step bar, the forms on the
 * left and a sticky summary on the right; mobile one column of cards with the total and "Bayar
 * Sekarang" fixed at the bottom. The booking flow decides every step; the page sends its events.
 */
export function BookingPage({ from, sa, children }: BookingPageProps) {
  usePageEnter(from, sa);
  const trip = useTrip();
  const seatSheet = useRef<(() => void) | null>(null);
  // Without a trip there is nothing to reset, so Back leaves as usual.
  useBrowserBack(seatSheet, trip !== null);
  return (
    <BookingPageView seatSheet={seatSheet} preview={false}>
      {children}
    </BookingPageView>
  );
}

/**
 * The page as the booking flow's snapshot draws it. `preview` (the replay screen) leaves out the
 * dialogs and the seat sheet, which would open over the support agent's own page.
 */
export function BookingPageView({
  seatSheet,
  preview,
  children,
}: {
  seatSheet: CloseRef;
  preview: boolean;
  children?: ReactNode;
}) {
  const booking = useBookingActor();
  const trip = useTrip();
  const layout = useBookingSelector(({ context }) => context.layout);
  if (!trip) return <EmptyBooking />;
  const first = trip.outbound[0];
  const subtitle = first ? `${routeLine(trip)} · ${formatDateShort(first.date)}` : undefined;
  return (
    <>
      <Navbar
        title={BOOKING_TITLE}
        subtitle={subtitle}
        // Leaving resets the seats and the schedule: the flow asks "Konfirmasi Kembali ?" first.
        onBack={() => booking.send({ type: 'leave.request', intent: { kind: 'back', steps: 1 } })}
      />
      {layout === 'd' ? <DesktopBooking /> : <MobileBooking />}
      {layout === 'd' && !preview ? <SeatSheet backRef={seatSheet} /> : null}
      {preview ? null : <BookingOverlays />}
      {children}
    </>
  );
}
