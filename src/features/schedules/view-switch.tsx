import { useId } from 'react';
import { LayoutList, Rows3, type LucideIcon } from 'lucide-react';
import { cx } from '../../lib/cx';
import { SCHEDULE_VIEWS, type ScheduleView } from '../../lib/schedule-search';

export { SCHEDULE_VIEWS, scheduleViewSchema, type ScheduleView } from '../../lib/schedule-search';

const OPTIONS: Record<ScheduleView, { label: string; hint: string; icon: LucideIcon }> = {
  daftar: { label: 'Daftar', hint: 'Kartu lengkap dengan fasilitas dan rute', icon: LayoutList },
  ringkas: { label: 'Ringkas', hint: 'Satu baris per jadwal, lebih banyak terlihat', icon: Rows3 },
};

/** "Tampilan": a native radio group (arrow keys move, focus stays visible). */
export function ScheduleViewSwitch({
  value,
  onChange,
}: {
  value: ScheduleView;
  onChange: (view: ScheduleView) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">Tampilan</legend>
      <div className="space-y-2">
        {SCHEDULE_VIEWS.map((view) => {
          const option = OPTIONS[view];
          const Icon = option.icon;
          const checked = value === view;
          return (
            <label
              key={view}
              className={cx(
                'hairline flex min-h-11 cursor-pointer items-center gap-3 rounded-card bg-white p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-600',
                checked ? 'border-primary-600 bg-primary-50' : 'border-grey-200',
              )}
            >
              <input
                type="radio"
                name={name}
                value={view}
                checked={checked}
                onChange={() => onChange(view)}
                className="size-4 accent-primary-600"
              />
              <Icon className="size-5 text-primary-700" aria-hidden="true" />
              <span>
                <span className="block font-semibold">{option.label}</span>
                <span className="block text-xs text-grey-600">{option.hint}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
