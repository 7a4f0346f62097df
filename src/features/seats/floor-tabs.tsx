import { useRef, type KeyboardEvent } from 'react';
import { cx } from '../../lib/cx';
import { seatTexts } from './seat-texts';

interface FloorTabsProps {
  /** Floor names as the machine gives them ("Lantai Bawah (Penuh)", "Utama", ...). */
  labels: readonly string[];
  selected: number;
  /** The tab panel the tabs show (the seat map). */
  panelId: string;
  idPrefix: string;
  onSelect: (index: number) => void;
}

export function floorTabId(idPrefix: string, index: number): string {
  return `${idPrefix}-lantai-${index}`;
}

/**
 * The floor selector as tabs (WAI-ARIA tabs, automatic activation): one tab stop, arrows, Home
 * and End choose a floor. Kept small and plain on purpose: a tab panel that watches its content
 * for tabbable children would re-walk the whole seat map after every tap.
 */
export function FloorTabs({ labels, selected, panelId, idPrefix, onSelect }: FloorTabsProps) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = labels.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? selected >= last
          ? 0
          : selected + 1
        : event.key === 'ArrowLeft'
          ? selected <= 0
            ? last
            : selected - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(next);
    tabs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={seatTexts.floors}
      onKeyDown={onKeyDown}
      className="flex gap-1 overflow-x-auto rounded-card bg-grey-100 p-1"
    >
      {labels.map((label, index) => (
        <button
          key={index}
          ref={(node) => {
            tabs.current[index] = node;
          }}
          type="button"
          role="tab"
          id={floorTabId(idPrefix, index)}
          aria-selected={index === selected}
          aria-controls={panelId}
          tabIndex={index === selected ? 0 : -1}
          onClick={() => onSelect(index)}
          className={cx(
            'flex min-h-11 flex-1 items-center justify-center rounded-lg px-3 text-sm font-semibold whitespace-nowrap',
            index === selected ? 'bg-white text-primary-700 shadow-sm' : 'text-grey-700 hover:bg-grey-200',
          )}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
