import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ArrowUpDown, CalendarDays, Search } from 'lucide-react';
import { searchTripError } from '../../../contract/schedules';
import { kotaPopulerQueryOptions } from '../../api/queries';
import { buttonStyles } from '../../components/button-styles';
import { cx } from '../../lib/cx';
import { formatDateLong, isCalendarDate, todayInJakarta, tomorrowInJakarta } from '../../lib/format';
import { DEFAULT_DESTINATION, DEFAULT_ORIGIN, type SearchFormInitial } from '../../lib/schedule-search';
import { PlaceComboBox, type PlaceValue } from './place-combobox';

type TripType = 'one-way' | 'round-trip';
const TRIP_TYPES: ReadonlyArray<{ value: TripType; label: string }> = [
  { value: 'one-way', label: 'Sekali Jalan' },
  { value: 'round-trip', label: 'Pulang Pergi' },
];

const fieldBox =
  'hairline rounded-card border-grey-300 bg-white focus-within:border-primary-600 focus-within:ring-1 focus-within:ring-primary-600';

const CalendarPopover = lazy(() => import('./date-calendar'));

/** Starts loading the calendar as soon as the field is approached, so opening feels instant. */
const preloadCalendar = () => void import('./date-calendar');

/**
 * A date field: a button showing the day in Indonesian; pressing it opens react-aria's calendar
 * (loaded on demand) with past days disabled.
 */
function DateField({
  id,
  label,
  value,
  min,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  min: string;
  onChange: (value: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <div className={cx(fieldBox, 'flex min-w-0 flex-1 flex-col')}>
      <span id={`${id}-label`} className="flex items-center gap-1.5 px-3 pt-2 text-xs font-semibold text-grey-600">
        <CalendarDays className="size-3.5" aria-hidden="true" />
        {label}
      </span>
      <button
        id={id}
        ref={trigger}
        type="button"
        aria-labelledby={`${id}-label ${id}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preloadCalendar}
        onFocus={preloadCalendar}
        onClick={() => setOpen(true)}
        className="min-h-11 w-full rounded-b-card px-3 pb-2 text-left text-base font-bold text-grey-900"
      >
        {isCalendarDate(value) ? formatDateLong(value) : 'Pilih tanggal'}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <CalendarPopover
            triggerRef={trigger}
            label={label}
            value={isCalendarDate(value) ? value : min}
            min={min}
            onChange={onChange}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Home search form (spec section 1): origin, destination, date, one way or round trip. */
/** `initial` is the search being changed (change-form); home starts from the defaults. */
export function SearchForm({ initial }: { initial?: SearchFormInitial }) {
  const navigate = useNavigate();
  const today = todayInJakarta();
  const [origin, setOrigin] = useState<PlaceValue>(initial?.origin ?? DEFAULT_ORIGIN);
  const [destination, setDestination] = useState<PlaceValue>(initial?.destination ?? DEFAULT_DESTINATION);
  const [date, setDate] = useState(() => initial?.date ?? tomorrowInJakarta());
  const [tripType, setTripType] = useState<TripType>(initial?.roundTrip ? 'round-trip' : 'one-way');
  const [returnDate, setReturnDate] = useState(initial?.returnDate ?? date);
  const [error, setError] = useState<string | null>(null);
  const roundTrip = tripType === 'round-trip';

  const popular = useQuery(kotaPopulerQueryOptions());

  const swap = () => {
    setOrigin(destination);
    setDestination(origin);
    setError(null);
  };

  const changeDate = (next: string) => {
    setDate(next);
    // The return day follows when departure moves past it.
    if (isCalendarDate(next) && returnDate < next) setReturnDate(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const broken = searchTripError(
      {
        asal_id: origin.id,
        asal_tipe: origin.type,
        tujuan_id: destination.id,
        tujuan_tipe: destination.type,
        tanggal_berangkat: date,
        tanggal_pulang: roundTrip ? returnDate : null,
      },
      today,
    );
    // The contract's words, told as a sentence.
    setError(broken === null ? null : `${broken}.`);
    if (broken !== null) return;
    void navigate({
      to: '/app/schedule/{-$return}',
      params: { return: undefined },
      search: {
        asal_id: origin.id,
        asal_tipe: origin.type,
        tujuan_id: destination.id,
        tujuan_tipe: destination.type,
        tanggal: date,
        pp: roundTrip,
        tanggal_pulang: roundTrip ? returnDate : undefined,
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Cari tiket bus dan shuttle"
      className="hairline rounded-card border-grey-200 bg-white p-4 shadow-sm desktop:p-6"
    >
      <fieldset>
        <legend className="sr-only">Jenis perjalanan</legend>
        <div className="grid grid-cols-2 gap-1 rounded-card bg-grey-100 p-1 desktop:inline-grid desktop:w-80">
          {TRIP_TYPES.map((trip) => (
            <label
              key={trip.value}
              className="flex min-h-11 cursor-pointer items-center justify-center rounded-lg text-sm font-semibold text-grey-600 has-checked:bg-white has-checked:text-primary-700 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-primary-600"
            >
              <input
                type="radio"
                name="jenis-perjalanan"
                value={trip.value}
                checked={tripType === trip.value}
                onChange={() => setTripType(trip.value)}
                className="sr-only"
              />
              {trip.label}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="mt-4 flex flex-col gap-3 desktop:flex-row desktop:items-stretch">
        <div className="relative flex flex-col gap-2 desktop:flex-[2] desktop:flex-row desktop:items-stretch">
          <div className={cx(fieldBox, 'flex min-w-0 flex-1')}>
            <PlaceComboBox kind="asal" label="Dari" value={origin} onChange={setOrigin} />
          </div>
          <button
            type="button"
            onClick={swap}
            aria-label="Tukar asal dan tujuan"
            className="hairline absolute top-1/2 right-4 z-10 flex size-11 -translate-y-1/2 items-center justify-center rounded-full border-grey-300 bg-white text-primary-700 shadow-sm hover:bg-primary-50 desktop:static desktop:translate-y-0 desktop:-rotate-90 desktop:self-center"
          >
            <ArrowUpDown className="size-5" aria-hidden="true" />
          </button>
          <div className={cx(fieldBox, 'flex min-w-0 flex-1')}>
            <PlaceComboBox kind="tujuan" label="Ke" value={destination} onChange={setDestination} origin={origin} />
          </div>
        </div>

        <div className="flex gap-2 desktop:flex-[1.4]">
          <DateField id="tanggal-berangkat" label="Tanggal Berangkat" value={date} min={today} onChange={changeDate} />
          {roundTrip ? (
            <DateField
              id="tanggal-pulang"
              label="Tanggal Pulang"
              value={returnDate}
              min={isCalendarDate(date) ? date : today}
              onChange={setReturnDate}
            />
          ) : null}
        </div>
      </div>

      {error ? (
        <p role="alert" className="mt-3 rounded-lg bg-danger-50 px-3 py-2 text-sm font-semibold text-danger-700">
          {error}
        </p>
      ) : null}

      <button
        type="submit"
        className={cx(buttonStyles.primary, 'mt-4 w-full text-base desktop:w-auto desktop:min-w-48')}
      >
        <Search className="size-5" aria-hidden="true" />
        Cari Tiket
      </button>

      {popular.data && popular.data.length > 0 ? (
        <div className="mt-5">
          <h2 className="text-sm font-bold text-grey-800">Tujuan populer</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {popular.data.map((city) => {
              const picked = destination.type === 'kota' && destination.id === city.id;
              return (
                <li key={city.id}>
                  <button
                    type="button"
                    aria-pressed={picked}
                    onClick={() => setDestination({ id: city.id, type: 'kota', name: city.name })}
                    className={cx(
                      'hairline min-h-11 rounded-full px-4 text-sm font-semibold',
                      picked
                        ? 'border-primary-600 bg-primary-50 text-primary-700'
                        : 'border-grey-300 bg-white text-grey-700 hover:bg-grey-50',
                    )}
                  >
                    {city.name}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </form>
  );
}
