import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TraceDocumentSchema, type TraceDocument } from '../../contract';
import { chooseDay, FIRST_TRACE_DAY, testName, traceToTest } from '../../scripts/trace-to-test';
import { daysBooked, tapPlan, type Tap, type TapPlan } from '../../scripts/trace-taps';

const ROUND_TRIP = 'tests/traces/fixtures/round-trip-desktop.json';
const CONNECTING = 'tests/traces/fixtures/connecting-mobile.json';

const read = (file: string): TraceDocument => TraceDocumentSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
const short = (tap: Tap) => `${tap.lane}:${tap.i} ${tap.do}`;

/** The plan a generated spec hands to traceRegressionTests, read back from its source. */
function planInSpec(source: string, name: string): TapPlan {
  const start = source.indexOf(`traceRegressionTests('${name}', `);
  const end = source.lastIndexOf(');');
  expect(start).toBeGreaterThanOrEqual(0);
  const literal = source.slice(start + `traceRegressionTests('${name}', `.length, end);
  // The generator writes a plain object literal (JSON formatted by Prettier): no code runs but it.
  return new Function(`return (${literal});`)() as TapPlan;
}

/** The generated file's opening comment, as one line. */
const header = (source: string) =>
  source
    .split('\n')
    .filter((line) => line.startsWith('// '))
    .map((line) => line.slice(3))
    .join(' ');

async function generate(trace: TraceDocument, name: string, root = mkdtempSync(join(tmpdir(), 'trace-to-test-'))) {
  const file = join(root, `${name}.json`);
  writeFileSync(file, JSON.stringify(trace));
  await traceToTest(file, name, root);
  const spec = readFileSync(join(root, 'e2e/traces', `${name}.spec.ts`), 'utf8');
  return { root, spec, plan: planInSpec(spec, name) };
}

describe('npm run trace-to-test', () => {
  it('names the tests after the file, in kebab case', () => {
    expect(testName('/tmp/Berangkat Trace 2026-11-24.json')).toBe('berangkat-trace-2026-11-24');
    expect(testName('x.json', 'Bayar Tidak Jalan')).toBe('bayar-tidak-jalan');
  });

  it("turns the desktop round trip's page events into the customer's taps, in order", () => {
    const plan = tapPlan(read(ROUND_TRIP));
    expect(plan.taps.map(short)).toEqual([
      '0:0 choose',
      '0:2 choose',
      '0:10 seat',
      '0:11 saveSeats',
      // The second lane is the page loaded again: the test reloads where the customer did.
      '1:1 reload',
      '1:3 seat',
      '1:4 saveSeats',
      '1:10 type',
      '1:11 saveForm',
      '1:13 type',
      '1:15 saveForm',
      '1:18 type',
      '1:19 type',
      '1:20 type',
      '1:22 saveForm',
      '1:24 refundable',
      '1:26 toggle',
      // Steps 27-29 are the forms "Reservasi Tiket" saves itself: part of that press.
      '1:30 reserve',
      '1:36 dialog',
    ]);
    const [outbound, inbound, seat] = plan.taps;
    expect(outbound).toMatchObject({
      do: 'choose',
      code: 'CPT-BDG-JKT-1100',
      search: { query: { asal_id: 1, tujuan_id: 2, pp: 1 }, days: { tanggal: 0, tanggal_pulang: 2 } },
    });
    expect(inbound).toMatchObject({ do: 'choose', code: 'XTR-JKT-BDG-0500', search: null });
    // Key "4-2" of the recorded map is seat 9, the button the customer pressed.
    expect(seat).toMatchObject({ do: 'seat', child: 'seatSelection.pergi', seat: '9', pressed: true });
    expect(plan.taps.find((tap) => tap.do === 'saveSeats')).toMatchObject({ label: 'Pilih Kursi Pulang' });
    expect(plan.taps.find((tap) => tap.do === 'reserve')).toMatchObject({
      texts: ['Spkj Qwmfnqn', 'Qjfj Wxjmwy'],
      expect: { dialog: 'Lakukan Reservasi ?' },
    });
    expect(plan).toMatchObject({ layout: 'd', span: 2, stop: null, reserved: true, signedIn: false });
  });

  it("turns the mobile connecting trip's page events into its screens' taps", () => {
    const plan = tapPlan(read(CONNECTING));
    expect(plan.layout).toBe('m');
    const seats = plan.taps.filter((tap) => tap.do === 'saveSeats');
    expect(seats.map((tap) => tap.do === 'saveSeats' && tap.label)).toEqual(['Lanjutkan', 'Lanjutkan', 'Lanjutkan']);
    expect(plan.taps.filter((tap) => tap.do === 'toggle' && tap.child?.startsWith('passengerForm.'))).toHaveLength(2);
    expect(plan.taps.map((tap) => tap.do)).toContain('openBooker');
    expect(plan.taps.at(0)).toMatchObject({ code: 'CT-BDG-SBY-0600', search: { days: { tanggal: 0 } } });
    expect(plan.span).toBe(0);
  });

  it('writes the fixture, a vitest replay test and a Playwright test of the taps', async () => {
    const root = mkdtempSync(join(tmpdir(), 'trace-to-test-'));
    const written = await traceToTest(ROUND_TRIP, 'contoh', root);
    expect(written.map((path) => path.replace(`${root}/`, ''))).toEqual([
      'tests/traces/fixtures/contoh.json',
      'tests/traces/contoh.test.ts',
      'e2e/traces/contoh.spec.ts',
    ]);
    const unit = readFileSync(join(root, 'tests/traces/contoh.test.ts'), 'utf8');
    expect(unit).toContain("describeSupportTrace('contoh');");
    const spec = readFileSync(join(root, 'e2e/traces/contoh.spec.ts'), 'utf8');
    expect(planInSpec(spec, 'contoh')).toEqual({ ...tapPlan(read(ROUND_TRIP)), day: FIRST_TRACE_DAY });
    expect(header(spec)).toContain('to the end of the trace, which replays identically');
    expect(JSON.parse(readFileSync(join(root, 'tests/traces/fixtures/contoh.json'), 'utf8'))).toEqual(
      JSON.parse(readFileSync(ROUND_TRIP, 'utf8')),
    );
  });

  it('a total edited in the trace: the test taps up to the step that now diverges, then fails naming it', async () => {
    const trace = read(ROUND_TRIP);
    const lane = trace.lanes[1];
    const step = lane?.steps[14];
    const data = step?.event.data as { total_bayar: number } | undefined;
    if (!step || !data) throw new Error('the fixture changed: lane 1 step 14 was a price answer');
    data.total_bayar = 999_000;
    const { spec, plan } = await generate(trace, 'total-diubah');

    expect(plan.stop).toEqual({
      lane: 1,
      i: 14,
      event: 'xstate.promise.resolve',
      message: 'Langkah 14 (xstate.promise.resolve) berbeda dari rekaman',
    });
    expect(header(spec)).toContain(
      'up to lane 1, step 14 (xstate.promise.resolve), where the replay first diverges from the recording: the test fails there, naming that step',
    );
    // Every tap the untouched trace has before step 14, and none after.
    const whole = tapPlan(read(ROUND_TRIP)).taps;
    expect(plan.taps).toEqual(whole.filter((tap) => tap.lane === 0 || tap.i <= 14));
    expect(plan.taps.at(-1)).toMatchObject({ lane: 1, i: 13, do: 'type', child: 'passengerForm.pulang.0' });
    expect(plan.reserved).toBe(false);
  });

  it('a page event edited in the trace: its own tap is the last one replayed', async () => {
    const trace = read(ROUND_TRIP);
    const typed = trace.lanes[1]?.steps[18];
    if (typed?.event.type !== 'booker.type') throw new Error('the fixture changed: lane 1 step 18 typed a name');
    typed.event.value = 'Xyzw Abcdefg';
    const { plan } = await generate(trace, 'nama-diubah');
    expect(plan.stop).toMatchObject({ lane: 1, i: 18, event: 'booker.type' });
    expect(plan.taps.at(-1)).toMatchObject({
      lane: 1,
      i: 18,
      do: 'type',
      label: 'Nama Lengkap',
      value: 'Xyzw Abcdefg',
    });
  });

  it('a page event with no gesture becomes a tap that fails, never a step skipped', async () => {
    const trace = read(ROUND_TRIP);
    const step = trace.lanes[1]?.steps[24];
    if (step?.event.type !== 'refundable.set') throw new Error('the fixture changed: lane 1 step 24 was refundable');
    step.event = { type: 'donation.amount', amount: 5000 };
    const { plan } = await generate(trace, 'donasi');
    expect(plan.taps.at(-1)).toMatchObject({ lane: 1, i: 24, do: 'unsupported' });
  });

  it('a trace that begins with the departure already chosen fails at once, saying why', () => {
    const trace = read(ROUND_TRIP);
    const later = trace.lanes[1];
    if (!later) throw new Error('the fixture changed: it had two booking lanes');
    const plan = tapPlan({ ...trace, lanes: [later] });
    expect(plan.taps[0]).toMatchObject({ lane: 0, i: 0, do: 'unsupported' });
  });

  it('gives each trace days of its own from day 100, and keeps them when generated again', async () => {
    const root = mkdtempSync(join(tmpdir(), 'trace-to-test-'));
    const first = await generate(read(ROUND_TRIP), 'pertama', root);
    const second = await generate(read(CONNECTING), 'kedua', root);
    expect(first.plan.day).toBe(FIRST_TRACE_DAY);
    // The round trip spans 3 days, each attempt on days of its own.
    expect(daysBooked(first.plan)).toBe(6);
    expect(second.plan.day).toBe(FIRST_TRACE_DAY + 6);
    const again = await generate(read(ROUND_TRIP), 'pertama', root);
    expect(again.plan.day).toBe(FIRST_TRACE_DAY);
    // A spec in the way moves a new one past it.
    mkdirSync(join(root, 'e2e/traces'), { recursive: true });
    writeFileSync(join(root, 'e2e/traces/lain.spec.ts'), 'x({ day: 110, span: 0 });');
    expect(chooseDay(root, 'ketiga', { span: 1 })).toBe(112);
  });
});
