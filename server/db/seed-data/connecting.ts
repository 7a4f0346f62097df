/** Connecting ("Pindah Armada") itineraries; legs name schedule codes built from LINES. */
export interface ConnectingSeed {
  code: string;
  legs: { schedule: string; dayOffset: number }[];
}

export const CONNECTING_TRIPS: readonly ConnectingSeed[] = [
  {
    code: 'CT-BDG-SMG-0600',
    legs: [
      { schedule: 'CPT-BDG-CRB-0600', dayOffset: 0 },
      { schedule: 'NRS-CRB-SMG-1000', dayOffset: 0 },
    ],
  },
  {
    code: 'CT-BDG-SBY-0600',
    legs: [
      { schedule: 'CPT-BDG-CRB-0600', dayOffset: 0 },
      { schedule: 'NRS-CRB-SMG-1000', dayOffset: 0 },
      { schedule: 'SBR-SMG-SBY-1530', dayOffset: 0 },
    ],
  },
  {
    // The night bus arrives at 04:00 the next day; the second leg leaves that morning.
    code: 'CT-JKT-MLG-1900',
    legs: [
      { schedule: 'MJT-JKT-YOG-1900', dayOffset: 0 },
      { schedule: 'SBR-YOG-MLG-0700', dayOffset: 1 },
    ],
  },
  {
    code: 'CT-JKT-TSM-0700',
    legs: [
      { schedule: 'XTR-JKT-BDG-0700', dayOffset: 0 },
      { schedule: 'LJT-BDG-TSM-1200', dayOffset: 0 },
    ],
  },
];

/** Shortest change-over the seed accepts between two legs. */
export const MIN_TRANSFER_MINUTES = 30;
