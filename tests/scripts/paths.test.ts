import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { bookingDeparture, bookingDate, model, PLAN_SEATS } from '../../e2e/support/booking-plan';
import {
  SEAT_SCENARIOS,
  SEAT_STEP_TEXT,
  scenarioInput,
  seatDate,
  type SeatScenario,
} from '../../e2e/support/seat-selection-plan';
import { departure, longDate } from '../../e2e/support/seeded-departures';
import { seatSelectionMachine } from '../../machines/seat-selection.machine';
import { bookingPlans, planText, seatPlans, type PrintedPlan } from '../../scripts/paths';
import { declaredStates, declaredTransitions } from '../machines/support/coverage';

/** The lines of one printed plan (from its "==" line to the next). */
function section(lines: string[], index: number): string[] {
  const starts = lines.flatMap((line, at) => (line.startsWith('== ') ? [at] : []));
  return lines.slice(starts[index], starts[index + 1]);
}

/** "  flow: 8/9 keadaan, 16/47 transisi" as numbers, by region. */
function printedCounts(lines: string[]) {
  const counts = new Map<string, { states: [number, number] | null; transitions: [number, number] }>();
  for (const line of lines) {
    const match = /^ {2}(\S.*?): (?:(\d+)\/(\d+) keadaan, )?(\d+)\/(\d+) transisi$/.exec(line);
    if (!match) continue;
    const [, region, stateCovered, stateTotal, covered, total] = match;
    counts.set(region as string, {
      states: stateCovered === undefined ? null : [Number(stateCovered), Number(stateTotal)],
      transitions: [Number(covered), Number(total)],
    });
  }
  return counts;
}

/** The names after "<label>: " under a region, split as printed. */
const listed = (lines: string[], from: number, label: string) => {
  const line = lines.slice(from + 1).find((candidate) => candidate.startsWith(`    ${label}: `));
  const text = line?.slice(`    ${label}: `.length) ?? '';
  return text === '-' || text === '' ? [] : text.split('; ');
};

describe('npm run paths -- booking', () => {
  const plans = bookingPlans();
  const lines = planText(plans);

  it('prints a plan per layout, every step numbered with what the page then shows', () => {
    expect(plans.map((plan) => plan.layout)).toEqual(['d', 'm']);
    const steps = lines.filter((line) => /^ {2}\d+\. /.test(line));
    expect(steps.length).toBe(plans.reduce((sum, plan) => sum + plan.coverage.steps, 0));
    expect(lines.filter((line) => / {5,}Halaman menampilkan: /.test(line))).toHaveLength(steps.length);
    // Named as the page labels them: the reserve button differs by layout.
    expect(section(lines, 0).some((line) => line.includes('Ketuk tombol "Reservasi Tiket"'))).toBe(true);
    expect(section(lines, 1).some((line) => line.includes('Ketuk tombol "Bayar Sekarang"'))).toBe(true);
  });

  it('names the seeded departure, the real date, the seats and the booking to prepare', () => {
    const one = departure('DYT-BDG-JKT-1400');
    for (const [index, plan] of plans.entries()) {
      const text = section(lines, index);
      expect(text[1]).toBe(
        `Keberangkatan: Daya Travel 14.00 WIB (DYT-BDG-JKT-1400), ${one.origin.pool} (Bandung) → ${one.destination.pool} (Jakarta), ${one.service}, ${one.bus}; tarif Rp 125.000`,
      );
      expect(text[2]).toBe(`Tanggal: ${longDate(bookingDate())} (${bookingDate()}; hari ini + 23 hari)`);
      expect(text[2]).toMatch(/^Tanggal: (Senin|Selasa|Rabu|Kamis|Jumat|Sabtu|Minggu), \d{1,2} \S+ \d{4} /);
      expect(text.some((line) => line.startsWith('Data: ') && line.includes('npm run db:reset'))).toBe(true);
      const seats = PLAN_SEATS[plan.layout];
      expect(text.find((line) => line.startsWith('Kursi: '))).toContain(
        seats.map((seat, path) => `jalur ${path + 1} Kursi ${seat}`).join(', '),
      );
      expect(text.find((line) => line.startsWith('Persiapan setiap jalur: '))).toContain(
        `"${bookingDeparture().pilih}"`,
      );
    }
    // Desktop and mobile never book the same seat.
    expect(PLAN_SEATS.d.filter((seat) => PLAN_SEATS.m.includes(seat))).toEqual([]);
  });

  it('includes a successful reservation, the price change and RSV-2, each a path with a readable title', () => {
    for (const [index, plan] of plans.entries()) {
      const text = section(lines, index);
      const titles = text.filter((line) => line.startsWith('Jalur '));
      expect(titles).toHaveLength(plan.paths.length);
      // What the path does, not chart keys.
      for (const title of titles) expect(title).not.toMatch(/ --|\w+\.\w+:|editing|reserving/);
      const paid = plan.paths.find((path) => path.title.startsWith('Reservasi berhasil'));
      expect(paid?.steps.at(-1)?.expect).toMatch(/^Halaman pembayaran pesanan/);
      const changed = plan.paths.find((path) => path.title.startsWith('Harga berubah'));
      expect(changed?.steps.map((step) => step.expect)).toContainEqual(
        expect.stringMatching(/^Dialog "Terjadi Perubahan Harga"/),
      );
      expect(changed?.steps.at(-1)?.expect).toMatch(/^Halaman pembayaran pesanan/);
      const taken = plan.paths.find((path) => path.title.startsWith('Kursi keburu dipesan'));
      const seat = PLAN_SEATS[plan.layout][plan.paths.indexOf(taken as PrintedPlan['paths'][number])];
      expect(taken?.steps.at(-1)?.toasts[0]).toMatch(new RegExp(`^Kursi ${seat} sudah dipesan penumpang lain`));
      // A failed call and the validation messages are on the page too.
      expect(text.some((line) => /^ +Pesan muncul: "Tidak dapat melakukan reservasi"$/.test(line))).toBe(true);
      expect(text.some((line) => line.includes('Pesan muncul: "Harap menentukan opsi refundable'))).toBe(true);
    }
  });

  it('marks every step a tester cannot do by hand with the tool it needs', () => {
    const tools = lines.filter((line) => line.includes('Perlu alat: '));
    // The demo fare change and putting it back, another passenger's reservation, request blocking.
    expect(tools.filter((line) => line.includes('/api/berangkat/demo/ubah-harga'))).toHaveLength(4);
    expect(tools.filter((line) => line.includes('"harga":150000'))).toHaveLength(2);
    expect(tools.filter((line) => line.includes('Sesudah jalur ini') && line.includes('"harga":125000'))).toHaveLength(
      2,
    );
    expect(tools.filter((line) => line.includes('/api/berangkat/reservasi'))).toHaveLength(2);
    expect(
      tools.filter((line) => line.includes('Network request blocking') && line.includes('*/reservasi')),
    ).toHaveLength(2);
    expect(
      tools.filter((line) => line.includes('Network request blocking') && line.includes('*/hold-kursi')),
    ).toHaveLength(2);
    // No step pretends to be done by hand.
    expect(lines.some((line) => /Biarkan panggilan/.test(line))).toBe(false);
  });

  it('prints, region by region, how many states and transitions of the whole chart the paths take, and which', () => {
    const machine = model as AnyStateMachine;
    const regions = ['(akar: di setiap keadaan)', ...Object.keys(machine.root.states)];
    for (const [index] of plans.entries()) {
      const text = section(lines, index);
      const counts = printedCounts(text);
      expect([...counts.keys()]).toEqual([...regions, 'Jumlah']);
      let states = 0;
      let transitions = 0;
      for (const region of regions) {
        const ids = region.startsWith('(') ? ['booking'] : [`booking.${region}`];
        const inRegion = (id: string) =>
          ids.some((prefix) => (region.startsWith('(') ? id === prefix : id.startsWith(`${prefix}.`) || id === prefix));
        const declared = declaredTransitions(machine).filter((key) => inRegion(key.split(' --')[0] as string));
        const declaredStateCount = declaredStates(machine).filter((id) => id.startsWith(`booking.${region}.`)).length;
        const printed = counts.get(region);
        expect(printed?.transitions[1], region).toBe(declared.length);
        if (declaredStateCount > 0) expect(printed?.states?.[1], region).toBe(declaredStateCount);
        // The printed lists name exactly the counted ones.
        const at = text.findIndex((line) => line.startsWith(`  ${region}: `));
        expect(listed(text, at, 'transisi dilalui'), region).toHaveLength(printed?.transitions[0] ?? -1);
        if (declaredStateCount > 0)
          expect(listed(text, at, 'keadaan dilalui'), region).toHaveLength(printed?.states?.[0] ?? -1);
        states += declaredStateCount;
        transitions += declared.length;
      }
      expect(counts.get('Jumlah')?.states?.[1]).toBe(states);
      expect(counts.get('Jumlah')?.transitions[1]).toBe(transitions);
      // The page reaches every state of its flow but the passenger-change dialog (desktop also saves its inline forms).
      expect(
        listed(
          text,
          text.findIndex((line) => line.startsWith('  flow: ')),
          'keadaan tidak dilalui',
        ),
      ).toEqual(index === 0 ? ['confirmingPassengerChange'] : ['savingForms', 'confirmingPassengerChange']);
    }
  });
});

describe('npm run paths -- seat-selection', () => {
  it('names the bus and the date, and its seats come from the seed, not from live sales', () => {
    const plans = seatPlans();
    const lines = planText(plans);
    expect(plans).toHaveLength(6);
    const first = section(lines, 0);
    expect(first[1]).toBe(
      'Keberangkatan: Cipta Trans 11.00 WIB (CPT-BDG-JKT-1100), Pool Dipatiukur (Bandung) → Pool Cawang (Jakarta), Reguler, Shuttle 10 Kursi',
    );
    expect(first[2]).toBe(`Tanggal: ${longDate(seatDate())} (${seatDate()}; hari ini + 24 hari)`);
    // The promo seats (9 and 10 of SH10) come first, free on a seeded day.
    expect(first).toContain('  1. Ketuk "Kursi 9" pada denah');
    const connecting = section(lines, 2);
    expect(connecting.filter((line) => line.startsWith('Rute '))).toEqual([
      expect.stringContaining('Rute 1: Cipta Trans 06.00 WIB (CPT-BDG-CRB-0600)'),
      expect.stringContaining('Rute 2: Nusa Rapi Shuttle 10.00 WIB (NRS-CRB-SMG-1000)'),
    ]);
    expect(printedCounts(first).get('seat-selection')?.transitions[1]).toBe(
      declaredTransitions(seatSelectionMachine as AnyStateMachine).length,
    );
    // The seed's double decker on that day: the lower floor sold out (its fixture), the upper one free.
    const doubleDecker = scenarioInput(SEAT_SCENARIOS[1] as SeatScenario, 'd').layouts?.[0];
    expect(doubleDecker?.layout_kursi.map((floor) => [floor.nama, floor.sisa_kursi])).toEqual([
      ['Lantai Bawah', 0],
      ['Lantai Atas', 32],
    ]);
    expect(planText(seatPlans())).toEqual(lines);
  });

  it('has a step text for every event of the seat-selection chart', () => {
    const events = new Set<string>();
    const visit = (node: AnyStateNode) => {
      for (const type of node.ownEvents) if (!type.startsWith('xstate.')) events.add(type);
      for (const child of Object.values(node.states)) visit(child);
    };
    visit(seatSelectionMachine.root);
    expect(events.size).toBeGreaterThan(0);
    expect([...events].filter((type) => !(type in SEAT_STEP_TEXT))).toEqual([]);
  });
});

describe('the command', () => {
  it('names the charts it knows when asked for another, with exit code 1', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/paths.ts', 'tidak-ada'], {
      encoding: 'utf8',
    });
    expect(result.stderr).toContain('Pilihan: booking, seat-selection');
    expect(result.status).toBe(1);
  });
});
