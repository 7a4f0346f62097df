import { addDays, daysBetween } from '../../lib/dates';

/**
 * Idul Fitri (1 Syawal) as Indonesia's holiday calendar expects it, 1447 H to 1452 H. The exact day
 * follows the moon sighting and may move by one; free homecoming buses leave in the days before
 * it, so a day either way changes nothing for the product.
 */
const IDUL_FITRI = ['2026-03-20', '2027-03-10', '2028-02-27', '2029-02-15', '2030-02-05', '2031-01-25'] as const;

/** A lunar year in days: later festivals are reckoned from the last known one. */
const LUNAR_YEAR_DAYS = 354.367;

/**
 * "Mudik Gratis" buses run from H-7 to H-2 of Lebaran: the days homecoming travellers leave,
 * before the roads close around the holiday itself.
 */
export const MUDIK_DAYS_BEFORE = { first: 7, last: 2 } as const;

function idulFitriDates(): (index: number) => string {
  const last = IDUL_FITRI[IDUL_FITRI.length - 1] as string;
  return (index) =>
    index < IDUL_FITRI.length
      ? (IDUL_FITRI[index] as string)
      : addDays(last, Math.round((index - IDUL_FITRI.length + 1) * LUNAR_YEAR_DAYS));
}

/** The Mudik Gratis days that are still to come or running on `today`: the coming Lebaran's. */
export function mudikWindow(today: string): { from: string; until: string } {
  const idulFitri = idulFitriDates();
  for (let index = 0; ; index += 1) {
    const day = idulFitri(index);
    const until = addDays(day, -MUDIK_DAYS_BEFORE.last);
    if (daysBetween(today, until) >= 0) return { from: addDays(day, -MUDIK_DAYS_BEFORE.first), until };
  }
}
