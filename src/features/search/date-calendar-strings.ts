/**
 * Indonesian strings for the react-aria parts the calendar uses. react-aria ships no id-ID
 * strings (vite.config.ts keeps en-US as the fallback), so without these its calendar and
 * popover would speak English to screen readers. They are handed over through react-aria's own global
 * string hook (the one its LocalizedStringProvider fills), read once on first use.
 */
type Strings = Record<string, string | ((args: Record<string, string>) => string)>;

const ID_STRINGS: Record<string, Strings> = {
  '@react-aria/calendar': {
    previous: 'Sebelumnya',
    next: 'Berikutnya',
    selectedDateDescription: (args) => `Tanggal terpilih: ${args.date ?? ''}`,
    selectedRangeDescription: (args) => `Rentang terpilih: ${args.dateRange ?? ''}`,
    todayDate: (args) => `Hari ini, ${args.date ?? ''}`,
    todayDateSelected: (args) => `Hari ini, ${args.date ?? ''} terpilih`,
    dateSelected: (args) => `${args.date ?? ''} terpilih`,
    startRangeSelectionPrompt: 'Klik untuk mulai memilih rentang tanggal',
    finishRangeSelectionPrompt: 'Klik untuk selesai memilih rentang tanggal',
    minimumDate: 'Tanggal pertama yang tersedia',
    maximumDate: 'Tanggal terakhir yang tersedia',
    dateRange: (args) => `${args.startDate ?? ''} sampai ${args.endDate ?? ''}`,
  },
  '@react-aria/overlays': {
    dismiss: 'Tutup',
  },
};

const LOCALE_KEY = Symbol.for('react-aria.i18n.locale');
const STRINGS_KEY = Symbol.for('react-aria.i18n.strings');

export function installCalendarStrings(): void {
  if (typeof window === 'undefined') return;
  const target = window as unknown as Record<symbol, unknown>;
  const existing = (target[STRINGS_KEY] ?? {}) as Record<string, Strings>;
  target[LOCALE_KEY] ??= 'id-ID';
  target[STRINGS_KEY] = { ...ID_STRINGS, ...existing };
}
