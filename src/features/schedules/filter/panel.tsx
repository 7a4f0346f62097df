import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { FACILITY_LABEL } from '../../../../contract/schedules';
import { listFilterQueryOptions } from '../../../api/queries';
import { buttonStyles } from '../../../components/button-styles';
import { cx } from '../../../lib/cx';
import { formatRupiah } from '../../../lib/format';
import {
  activeFilterCount,
  toScheduleSearchParams,
  type Facility,
  type ScheduleSearch,
  type TimeRangeCode,
} from '../../../lib/schedule-search';

/** What a filter change sets in the URL; undefined clears that key. */
export type FilterPatch = Partial<Pick<ScheduleSearch, 'operator' | 'jam' | 'fasilitas' | 'harga_min' | 'harga_max'>>;

export type FilterSection = 'all' | 'operator';

interface FilterPanelProps {
  search: ScheduleSearch;
  isReturn: boolean;
  onChange: (patch: FilterPatch) => void;
  onReset: () => void;
  /** `operator` shows only the operator list (filter-mitra). */
  section?: FilterSection;
  /** Keeps ids unique when the panel is shown twice (side panel and sheet). */
  idPrefix: string;
}

function toggle<T extends string>(list: readonly T[] | undefined, value: T): T[] | undefined {
  const current = list ?? [];
  const next = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
  return next.length > 0 ? next : undefined;
}

function Group({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <fieldset className="hairline border-t border-grey-100 pt-3">
      <legend id={id} className="text-sm font-bold text-grey-800">
        {title}
      </legend>
      <div className="mt-1">{children}</div>
    </fieldset>
  );
}

function CheckRow({
  label,
  count,
  checked,
  onToggle,
}: {
  label: ReactNode;
  count: number;
  checked: boolean;
  onToggle: () => void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-1 text-sm hover:bg-grey-50">
      <input type="checkbox" checked={checked} onChange={onToggle} className="size-5 accent-primary-600" />
      <span className="flex-1">{label}</span>
      <span className="text-xs text-grey-600">
        {count}
        <span className="sr-only"> jadwal</span>
      </span>
    </label>
  );
}

/**
 * Filters of the list from list-filter-search-jadwal (operator, departure time, facilities,
 * price). Every change goes to the URL at once; "Reset" clears them all, sort included.
 */
export function FilterPanel({ search, isReturn, onChange, onReset, section = 'all', idPrefix }: FilterPanelProps) {
  const { filters: _filters, roundTrip: _roundTrip, ...base } = toScheduleSearchParams(search, isReturn);
  const query = useQuery(listFilterQueryOptions(base));
  const options = query.data;
  const active = activeFilterCount(search) + (search.sort ? 1 : 0);

  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-grey-600" aria-live="polite">
          {active > 0 ? `${active} filter aktif` : 'Belum ada filter'}
        </p>
        <button type="button" className={cx(buttonStyles.ghost, 'px-3')} onClick={onReset} disabled={active === 0}>
          <RotateCcw className="size-4" aria-hidden="true" />
          Reset
        </button>
      </div>

      {query.isPending ? (
        <p role="status" className="text-sm text-grey-600">
          Memuat pilihan filter…
        </p>
      ) : query.isError || !options ? (
        <div role="alert" className="text-sm text-danger-700">
          Pilihan filter gagal dimuat.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
            Coba Lagi
          </button>
        </div>
      ) : (
        <>
          <Group title="Operator" id={`${idPrefix}-operator`}>
            {options.operators.length === 0 ? (
              <p className="text-sm text-grey-600">Tidak ada operator.</p>
            ) : (
              options.operators.map((operator) => (
                <CheckRow
                  key={operator.code}
                  label={operator.name}
                  count={operator.count}
                  checked={search.operator?.includes(operator.code) ?? false}
                  onToggle={() => onChange({ operator: toggle(search.operator, operator.code) })}
                />
              ))
            )}
          </Group>
          {section === 'all' ? (
            <>
              <Group title="Jam Berangkat" id={`${idPrefix}-jam`}>
                {options.timeRanges.map((range) => (
                  <CheckRow
                    key={range.code}
                    label={
                      <>
                        {range.label}{' '}
                        <span className="text-xs text-grey-600">
                          ({range.from.replace(':', '.')}–{range.to.replace(':', '.')})
                        </span>
                      </>
                    }
                    count={range.count}
                    checked={search.jam?.includes(range.code) ?? false}
                    onToggle={() => onChange({ jam: toggle<TimeRangeCode>(search.jam, range.code) })}
                  />
                ))}
              </Group>
              <Group title="Fasilitas" id={`${idPrefix}-fasilitas`}>
                {options.facilities.map((facility) => (
                  <CheckRow
                    key={facility.code}
                    label={FACILITY_LABEL[facility.code]}
                    count={facility.count}
                    checked={search.fasilitas?.includes(facility.code) ?? false}
                    onToggle={() => onChange({ fasilitas: toggle<Facility>(search.fasilitas, facility.code) })}
                  />
                ))}
              </Group>
              <Group title="Harga" id={`${idPrefix}-harga`}>
                <PriceRange
                  key={`${search.harga_min ?? ''}-${search.harga_max ?? ''}`}
                  idPrefix={idPrefix}
                  bounds={options.price}
                  min={search.harga_min}
                  max={search.harga_max}
                  onApply={(harga_min, harga_max) => onChange({ harga_min, harga_max })}
                />
              </Group>
            </>
          ) : null}
        </>
      )}
    </div>
  );
}

function parseRupiah(text: string): number | undefined {
  const digits = text.replace(/\D/g, '');
  return digits ? Number(digits) : undefined;
}

function PriceRange({
  idPrefix,
  bounds,
  min,
  max,
  onApply,
}: {
  idPrefix: string;
  bounds: { min: number; max: number };
  min: number | undefined;
  max: number | undefined;
  onApply: (min: number | undefined, max: number | undefined) => void;
}) {
  const [low, setLow] = useState(min === undefined ? '' : String(min));
  const [high, setHigh] = useState(max === undefined ? '' : String(max));
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const from = parseRupiah(low);
    const to = parseRupiah(high);
    if (from !== undefined && to !== undefined && from > to) {
      setError('Harga minimum tidak boleh lebih dari harga maksimum.');
      return;
    }
    setError(null);
    onApply(from, to);
  };

  return (
    // A div, not a form: the panel may sit inside other forms; Enter still applies.
    <div
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
          event.preventDefault();
          submit();
        }
      }}
    >
      <p className="text-xs text-grey-600">
        Kisaran {formatRupiah(bounds.min)} – {formatRupiah(bounds.max)}
      </p>
      <div className="mt-2 grid grid-cols-2 gap-2">
        <label className="text-xs font-semibold text-grey-700" htmlFor={`${idPrefix}-harga-min`}>
          Harga minimum
          <input
            id={`${idPrefix}-harga-min`}
            inputMode="numeric"
            value={low}
            placeholder={String(bounds.min)}
            onChange={(event) => setLow(event.target.value)}
            className="hairline mt-1 min-h-11 w-full rounded-lg border-grey-300 px-2 text-sm font-normal"
          />
        </label>
        <label className="text-xs font-semibold text-grey-700" htmlFor={`${idPrefix}-harga-max`}>
          Harga maksimum
          <input
            id={`${idPrefix}-harga-max`}
            inputMode="numeric"
            value={high}
            placeholder={String(bounds.max)}
            onChange={(event) => setHigh(event.target.value)}
            className="hairline mt-1 min-h-11 w-full rounded-lg border-grey-300 px-2 text-sm font-normal"
          />
        </label>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-xs font-semibold text-danger-700">
          {error}
        </p>
      ) : null}
      <button type="button" className={cx(buttonStyles.secondary, 'mt-2 w-full')} onClick={submit}>
        Terapkan Harga
      </button>
    </div>
  );
}
