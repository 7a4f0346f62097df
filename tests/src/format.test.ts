import { describe, expect, it } from 'vitest';
import {
  arrivesNextDay,
  addDays,
  formatDateCompact,
  formatDateLong,
  formatDateShort,
  formatPointsEarned,
  formatPointsSpent,
  formatPriceLine,
  formatRupiah,
  formatRupiahRange,
  formatTime,
  groupThousands,
  isCalendarDate,
  todayInJakarta,
  tomorrowInJakarta,
} from '../../src/lib/format';

describe('rupiah', () => {
  it('uses dot thousands and no decimals', () => {
    expect(formatRupiah(150000)).toBe('Rp 150.000');
    expect(formatRupiah(1500000)).toBe('Rp 1.500.000');
    expect(formatRupiah(999)).toBe('Rp 999');
    expect(formatRupiah(2000.4)).toBe('Rp 2.000');
  });

  it('shows 0 as Gratis', () => {
    expect(formatRupiah(0)).toBe('Gratis');
  });

  it('keeps the sign of a discount', () => {
    expect(formatRupiah(-5000)).toBe('-Rp 5.000');
  });

  it('shows one price or a range of two', () => {
    expect(formatRupiahRange([150000])).toBe('Rp 150.000');
    expect(formatRupiahRange([120000, 150000])).toBe('Rp 120.000 - Rp 150.000');
    expect(formatRupiahRange([150000, 120000])).toBe('Rp 120.000 - Rp 150.000');
    expect(formatRupiahRange([90000, 90000])).toBe('Rp 90.000');
    expect(formatRupiahRange([0])).toBe('Gratis');
    expect(formatRupiahRange([])).toBe('');
  });

  it('groups thousands', () => {
    expect(groupThousands(0)).toBe('0');
    expect(groupThousands(1000)).toBe('1.000');
    expect(groupThousands(12345678)).toBe('12.345.678');
  });
});

describe('points and price lines', () => {
  it('formats cashback and point discount', () => {
    expect(formatPointsEarned(1500)).toBe('+1.500 Point');
    expect(formatPointsSpent(250)).toBe('-250 Point');
    expect(formatPointsSpent(-250)).toBe('-250 Point');
  });

  it('formats each price line type', () => {
    expect(formatPriceLine(10000, 'less')).toBe('-Rp 10.000');
    expect(formatPriceLine(2500, 'add')).toBe('+Rp 2.500');
    expect(formatPriceLine(152500, 'total')).toBe('Rp 152.500');
    expect(formatPriceLine(0, 'total')).toBe('Gratis');
    expect(formatPriceLine(150000, 'normal')).toBe('Rp 150.000');
    expect(formatPriceLine(300, 'cashback-point')).toBe('+300 Point');
    expect(formatPriceLine(300, 'potongan-point')).toBe('-300 Point');
  });
});

describe('dates and times', () => {
  it('formats short and long dates with Indonesian names', () => {
    expect(formatDateShort('2026-11-23')).toBe('Sen, 23 Nov 2026');
    expect(formatDateLong('2026-11-23')).toBe('Senin, 23 November 2026');
    expect(formatDateShort('2026-08-02')).toBe('Min, 02 Agt 2026');
    expect(formatDateLong('2026-08-17')).toBe('Senin, 17 Agustus 2026');
    expect(formatDateCompact('2026-05-01')).toBe('01 Mei');
  });

  it('formats times with WIB', () => {
    expect(formatTime('07:30')).toBe('07.30 WIB');
    expect(formatTime('23:05')).toBe('23.05 WIB');
    expect(formatTime('7:5')).toBe('07.05 WIB');
  });

  it("computes today in Jakarta, not in the device's zone", () => {
    // 18:30 UTC is already 01:30 the next day in Jakarta (UTC+7).
    expect(todayInJakarta(new Date('2026-11-22T18:30:00Z'))).toBe('2026-11-23');
    expect(todayInJakarta(new Date('2026-11-22T16:59:00Z'))).toBe('2026-11-22');
    expect(tomorrowInJakarta(new Date('2026-12-31T17:00:00Z'))).toBe('2027-01-02');
  });

  it("agrees with the time zone database on Jakarta's date at every half hour of two years", () => {
    const zoneDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' });
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 30 * 60 * 1000) {
      const now = new Date(t);
      if (todayInJakarta(now) !== zoneDate.format(now)) expect(todayInJakarta(now)).toBe(zoneDate.format(now));
    }
    expect(todayInJakarta(new Date('2027-06-30T16:59:59Z'))).toBe('2027-06-30');
    expect(todayInJakarta(new Date('2027-06-30T17:00:00Z'))).toBe('2027-07-01');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('recognises real calendar dates only', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-2-3')).toBe(false);
    expect(isCalendarDate('besok')).toBe(false);
  });
});

describe('arrival after midnight', () => {
  it('is the next day when the arrival clock time is earlier than departure', () => {
    expect(arrivesNextDay('17:00', '00:00')).toBe(true);
    expect(arrivesNextDay('22:30', '05:15')).toBe(true);
    expect(arrivesNextDay('08:00', '11:00')).toBe(false);
    expect(arrivesNextDay('08:00', '08:00')).toBe(false);
  });
});
