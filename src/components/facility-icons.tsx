import { GlassWater, Luggage, Snowflake, type LucideIcon } from 'lucide-react';
import type { Facility } from '../../contract/common';
import { FACILITY_LABEL } from '../../contract/schedules';

const FACILITY_ICON: Record<Facility, LucideIcon> = {
  'mineral-water': GlassWater,
  ac: Snowflake,
  baggage: Luggage,
};

/** Facility icons, each with its Indonesian name for screen readers and as a tooltip. */
export function FacilityIcons({ facilities }: { facilities: readonly Facility[] }) {
  if (facilities.length === 0) return null;
  return (
    <ul className="flex items-center gap-2 text-grey-600" aria-label="Fasilitas">
      {facilities.map((facility) => {
        const Icon = FACILITY_ICON[facility];
        return (
          <li key={facility} title={FACILITY_LABEL[facility]} className="flex items-center">
            <Icon className="size-4" aria-hidden="true" />
            <span className="sr-only">{FACILITY_LABEL[facility]}</span>
          </li>
        );
      })}
    </ul>
  );
}
