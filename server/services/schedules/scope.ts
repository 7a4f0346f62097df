import { departedBy } from '../../lib/dates';
import type { ItemScope, Place } from './items-sql';

/** The place pair and connecting switch every traveller-facing list starts from. */
export interface SearchBase {
  asal_id: number;
  asal_tipe: Place['tipe'];
  tujuan_id: number;
  tujuan_tipe: Place['tipe'];
  show_connecting: boolean;
}

export function searchScope(q: SearchBase, start: string, end: string, departed: ItemScope['departed']): ItemScope {
  return {
    start,
    end,
    origin: { id: q.asal_id, tipe: q.asal_tipe },
    destination: { id: q.tujuan_id, tipe: q.tujuan_tipe },
    connecting: q.show_connecting,
    departed,
  };
}

/** Today's departures that have left by `now` (Jakarta time), for the lists that sell. */
export function departedAt(today: string, now: Date): ItemScope['departed'] {
  const by = departedBy(today, now);
  return by === null ? null : { day: today, by };
}
