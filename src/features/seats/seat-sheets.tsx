import { useSelector } from '@xstate/react';
import { Check, Cigarette, ShipWheel, Toilet, X } from 'lucide-react';
import { MAX_PASSENGERS } from '../../../machines/constants';
import { allowedSeatCount } from '../../../machines/seat-selection.machine';
import type { Direction } from '../../../machines/types';
import { buttonStyles } from '../../components/button-styles';
import { RouteSheet, useSheetControls } from '../../components/route-sheet';
import { useSeatSelectionChild } from '../../flow/booking-children';
import { cx } from '../../lib/cx';
import { SeatPriceList, useDirectionSeats } from './seat-prices';
import { seatTexts } from './seat-texts';
import { useDirectionLegs } from './seat-screen';

function CloseButton() {
  const { close } = useSheetControls();
  return (
    <button type="button" className={cx(buttonStyles.primary, 'w-full')} onClick={close}>
      Tutup
    </button>
  );
}

const legendBox = 'relative flex size-8 shrink-0 items-center justify-center rounded-md';

/** What each seat state and tile means, in words beside the drawing. */
const SEAT_MEANINGS = [
  {
    label: seatTexts.available,
    text: 'Kursi kosong. Ketuk untuk memilih.',
    box: <span aria-hidden="true" className={cx(legendBox, 'border-2 border-primary-600 bg-white')} />,
  },
  {
    label: seatTexts.selected,
    text: 'Kursi pilihanmu, bertanda centang. Ketuk lagi untuk membatalkan.',
    box: (
      <span aria-hidden="true" className={cx(legendBox, 'bg-primary-600 text-white')}>
        <Check className="size-4" strokeWidth={3} />
      </span>
    ),
  },
  {
    label: seatTexts.taken,
    text: 'Sudah dipesan penumpang lain, bertanda silang. Tidak dapat dipilih.',
    box: (
      <span aria-hidden="true" className={cx(legendBox, 'bg-grey-200 text-grey-700')}>
        <X className="size-4" strokeWidth={3} />
      </span>
    ),
  },
  {
    label: seatTexts.smokingSeat,
    text: 'Kursi penumpang di dekat area merokok.',
    box: (
      <span aria-hidden="true" className={cx(legendBox, 'border-2 border-primary-600 bg-white text-primary-800')}>
        <Cigarette className="size-4" />
      </span>
    ),
  },
  {
    label: 'Promo',
    text: 'Kursi dengan harga promo; harga normalnya ditampilkan dicoret.',
    box: (
      <span aria-hidden="true" className={cx(legendBox, 'bg-warning-100 text-[10px] font-bold text-warning-800')}>
        Promo
      </span>
    ),
  },
  {
    label: `${seatTexts.toilet} dan ${seatTexts.driver.toLowerCase()}`,
    text: 'Penanda posisi di dalam armada; bagian depan (sopir) selalu di atas denah.',
    box: (
      <span aria-hidden="true" className={cx(legendBox, 'gap-0.5 bg-grey-100 text-grey-700')}>
        <Toilet className="size-3.5" />
        <ShipWheel className="size-3.5" />
      </span>
    ),
  },
] as const;

/**
 * The seat page's "Informasi Penumpang" sheet (spec section 2): how many seats may be chosen and
 * what the seat states mean. The numbers are the seat child's, never recomputed here.
 */
export function InfoPassengerSheet({ direction }: { direction: Direction }) {
  const actor = useSeatSelectionChild(direction);
  const allowed = useSelector(actor, (snapshot) => (snapshot ? allowedSeatCount(snapshot.context) : null));
  const connecting = useDirectionLegs(direction).length > 1;
  return (
    <RouteSheet title={seatTexts.infoPassenger} footer={<CloseButton />}>
      <section aria-labelledby="jumlah-penumpang" className="space-y-2 text-sm text-grey-800">
        <h3 id="jumlah-penumpang" className="text-base font-bold text-grey-900">
          Jumlah penumpang
        </h3>
        <ul className="list-disc space-y-1 pl-5">
          <li>Pilih satu kursi untuk setiap penumpang, paling banyak {MAX_PASSENGERS} penumpang per perjalanan.</li>
          {allowed !== null ? (
            <li>
              Pada jadwal ini kamu dapat memilih hingga <strong>{allowed} kursi</strong>.
            </li>
          ) : null}
          <li>Bila jumlah kursi sudah penuh, kursi yang pertama kamu pilih diganti dengan kursi yang baru.</li>
          {connecting ? (
            <li>
              Pada perjalanan pindah armada, setiap rute berikutnya memakai jumlah kursi yang sama dengan rute pertama.
            </li>
          ) : null}
        </ul>
      </section>
      <section aria-labelledby="arti-kursi" className="mt-5 space-y-3 text-sm">
        <h3 id="arti-kursi" className="text-base font-bold">
          Arti tanda kursi
        </h3>
        <ul className="space-y-3">
          {SEAT_MEANINGS.map((meaning) => (
            <li key={meaning.label} className="flex items-start gap-3">
              {meaning.box}
              <span>
                <span className="block font-semibold">{meaning.label}</span>
                <span className="text-grey-700">{meaning.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </RouteSheet>
  );
}

/** The seat page's "Detail Harga Penumpang" sheet: a price line per chosen seat, promos, the total. */
export function DetailPriceSeatSheet({ direction }: { direction: Direction }) {
  const perLeg = useDirectionSeats(direction);
  return (
    <RouteSheet title={seatTexts.detailPrice} footer={<CloseButton />}>
      <SeatPriceList direction={direction} perLeg={perLeg} level={3} />
    </RouteSheet>
  );
}
