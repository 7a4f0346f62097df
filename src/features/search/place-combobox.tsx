import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Building, MapPin } from 'lucide-react';
import type { PointType } from '../../../contract/common';
import type { Place } from '../../api/mappers';
import { listTujuanQueryOptions, searchPointAsalQueryOptions, searchPointTujuanQueryOptions } from '../../api/queries';
import { cx } from '../../lib/cx';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** What the search form keeps for an origin or destination. */
export interface PlaceValue {
  id: number;
  type: PointType;
  name: string;
}

export const placeKey = (place: { id: number; type: PointType }): string => `${place.type}-${place.id}`;

type Kind = 'asal' | 'tujuan';

/**
 * Suggestions: origins from search-point-asal; destinations from list-tujuan (reachable from the
 * chosen origin) until the user types, then from search-point-tujuan. In an operator's own app the
 * -v2 and operator look-ups (src/api/queries.ts).
 */
function usePlaceSuggestions(kind: Kind, text: string, origin: PlaceValue | undefined, active: boolean) {
  const originQuery = useQuery({ ...searchPointAsalQueryOptions({ text }), enabled: active && kind === 'asal' });
  const destinationSearch = useQuery({
    ...searchPointTujuanQueryOptions({ text }),
    enabled: active && kind === 'tujuan' && text !== '',
  });
  const destinationList = useQuery({
    ...listTujuanQueryOptions({ originId: origin?.id, originType: origin?.type }),
    enabled: active && kind === 'tujuan' && text === '' && origin !== undefined,
  });
  if (kind === 'asal') return originQuery;
  return text === '' ? destinationList : destinationSearch;
}

interface PlaceComboBoxProps {
  kind: Kind;
  label: string;
  value: PlaceValue;
  onChange: (place: PlaceValue) => void;
  /** For destination suggestions. */
  origin?: PlaceValue;
}

/**
 * Type-ahead field over cities (kota) and pools (cabang): the WAI-ARIA "combobox with listbox
 * popup" pattern (input keeps focus, options via aria-activedescendant). Hand-rolled instead
 * of react-aria's ComboBox to keep the home page inside its JavaScript budget (about 50 KB gzip
 * less; see the Foundation report).
 */
export function PlaceComboBox({ kind, label, value, onChange, origin }: PlaceComboBoxProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const valueKey = placeKey(value);
  const [inputValue, setInputValue] = useState(value.name);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // Follow changes made outside the field (swap button, popular city chips).
  const [shownKey, setShownKey] = useState(valueKey);
  if (shownKey !== valueKey) {
    setShownKey(valueKey);
    setInputValue(value.name);
  }

  const typed = inputValue.trim();
  const searching = typed !== '' && typed !== value.name;
  const text = useDebouncedValue(searching ? typed : '');
  const suggestions = usePlaceSuggestions(kind, text, origin, open || searching);
  const items = open ? (suggestions.data ?? []) : [];
  const waiting = suggestions.isFetching || (searching && text !== typed);

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // optionId is derived from the stable useId value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const restore = () => {
    setInputValue(value.name);
    close();
  };

  const choose = (place: Place) => {
    if (placeKey(place) !== valueKey) onChange({ id: place.id, type: place.type, name: place.name });
    setInputValue(place.name);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = items.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (count) setActive((index) => (index + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (count) setActive((index) => (index <= 0 ? count - 1 : index - 1));
        break;
      case 'Enter': {
        const place = items[active];
        if (open && place) {
          // Choosing an option must not submit the search form.
          event.preventDefault();
          choose(place);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          restore();
        }
        break;
      default:
        break;
    }
  };

  const emptyText = waiting
    ? 'Mencari…'
    : suggestions.isError
      ? 'Gagal memuat daftar. Periksa koneksi kamu.'
      : 'Tidak ada kota atau pool yang cocok.';

  return (
    <div className="relative flex min-w-0 flex-1 flex-col">
      <label htmlFor={inputId} className="px-3 pt-2 text-xs font-semibold text-grey-600">
        {label}
      </label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder="Cari kota atau pool"
        value={inputValue}
        onChange={(event) => {
          setInputValue(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={(event) => {
          event.currentTarget.select();
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onBlur={restore}
        onKeyDown={onKeyDown}
        className="min-h-11 w-full rounded-card bg-transparent px-3 pb-2 text-base font-bold text-grey-900 outline-none placeholder:font-normal placeholder:text-grey-500"
      />
      {/* Never a Tab stop: Chromium makes a scroller with nothing focusable inside one, and Tab
          would land there just as blur hides it, dropping focus on <body>. */}
      <div
        tabIndex={-1}
        className={cx(
          'hairline absolute top-full right-0 left-0 z-40 mt-1.5 max-h-80 min-w-64 overflow-auto rounded-card border-grey-200 bg-white p-1 shadow-lg',
          !open && 'hidden',
        )}
      >
        <ul id={listId} role="listbox" aria-label={label} hidden={items.length === 0}>
          {items.map((place, index) => (
            <li
              key={placeKey(place)}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Keep focus in the input so the choice lands before blur restores the text.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(place)}
              onMouseMove={() => setActive(index)}
              className={cx(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2',
                index === active && 'bg-primary-50',
                placeKey(place) === valueKey && 'text-primary-700',
              )}
            >
              {place.type === 'kota' ? (
                <Building className="size-4 shrink-0 text-grey-600" aria-hidden="true" />
              ) : (
                <MapPin className="size-4 shrink-0 text-grey-600" aria-hidden="true" />
              )}
              <span className="min-w-0">
                <span className="block truncate text-sm font-semibold">{place.name}</span>
                <span className="sr-only">, </span>
                <span className="block truncate text-xs text-grey-600">
                  {place.type === 'kota' ? 'Semua pool di kota ini' : place.cityName}
                </span>
              </span>
            </li>
          ))}
        </ul>
        {open && items.length === 0 ? <p className="px-3 py-3 text-sm text-grey-600">{emptyText}</p> : null}
      </div>
      <p role="status" className="sr-only">
        {open && !waiting && items.length > 0 ? `${items.length} pilihan tersedia` : ''}
      </p>
    </div>
  );
}
