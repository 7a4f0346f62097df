import { readFileSync } from 'node:fs';
import type { AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { TraceDocument, TraceLane } from '../../../contract';
import { REPLAY_MACHINES } from '../../../src/trace/replay-machines';
import { laneStory } from '../../../src/trace/step-story';

const read = (name: string) => JSON.parse(readFileSync(`tests/traces/fixtures/${name}.json`, 'utf8')) as TraceDocument;

function lastBooking(trace: TraceDocument): TraceLane {
  const lane = trace.lanes.filter((candidate) => candidate.name === 'booking').at(-1);
  if (!lane) throw new Error('no booking lane');
  return lane;
}

/** Every event a recorded chart (and the charts it starts) takes from outside, by machine. */
function pageEvents(machine: AnyStateMachine, seen = new Set<AnyStateMachine>()): string[] {
  if (seen.has(machine)) return [];
  seen.add(machine);
  const events = new Set<string>();
  const visit = (node: { transitions: Map<string, unknown>; states?: Record<string, unknown> }) => {
    for (const type of node.transitions.keys())
      if (!type.startsWith('xstate.') && !type.includes('*')) events.add(type);
    for (const child of Object.values(node.states ?? {})) visit(child as typeof node);
  };
  visit(machine.root as unknown as Parameters<typeof visit>[0]);
  const children = Object.values(machine.implementations.actors).filter(
    (logic): logic is AnyStateMachine => logic !== null && typeof logic === 'object' && 'root' in logic,
  );
  return [...events, ...children.flatMap((child) => pageEvents(child, seen))];
}

describe("a lane told as the customer's story", () => {
  it('gives each step of a recorded booking a sentence, numbered 1..N, naming the call that answered', () => {
    const trace = read('round-trip-desktop');
    const lane = lastBooking(trace);
    const story = laneStory(lane, 'd');
    expect(story.steps.map((step) => step.number)).toEqual(lane.steps.map((_, index) => index + 1));
    const sentences = story.steps.map((step) => step.sentence);
    expect(sentences).toContain('Pelanggan memilih Kursi 1');
    expect(sentences).toContain('Server menjawab cek-harga: total Rp 249.000');
    expect(sentences).toContain('Pelanggan mengetuk "Reservasi Tiket"');
    expect(sentences).toContain('Pelanggan mengetuk "Ya, Reservasi" pada dialog "Lakukan Reservasi ?"');
    expect(sentences.at(-1)).toMatch(/^Server menjawab reservasi: pesanan [0-9A-Z]{10} dibuat, total Rp 249\.000$/);
    // The chart's words stay out of the sentences, folded with the step.
    for (const sentence of sentences) expect(sentence).not.toMatch(/xstate|child\.|\.toggle|promise/);
    const reserveStep = story.steps.find((step) => step.call === 'reservasi');
    expect(reserveStep?.actor).toBe('server');
    expect(reserveStep?.technical.event).toBe('xstate.promise.resolve');
    expect(reserveStep?.effects).toContain('Halaman Pembayaran dibuka');
    const confirm = story.steps.find((step) => step.sentence.startsWith('Pelanggan mengetuk "Reservasi Tiket"'));
    expect(confirm?.effects).toContain('Dialog "Lakukan Reservasi ?" muncul');
  });

  it("says the phone layout's button and the booker sheet the customer opened on a phone", () => {
    const story = laneStory(lastBooking(read('connecting-mobile')), 'm');
    const sentences = story.steps.map((step) => step.sentence);
    expect(sentences).toContain('Pelanggan mengetuk "Bayar Sekarang"');
    const opened = story.steps.find((step) => step.sentence === 'Pelanggan membuka Informasi Pemesan');
    expect(opened?.effects).toContain('Sheet Informasi Pemesan dibuka');
  });

  it('counts the recorded steps a folded one stands for, and keeps the numbering without gaps', () => {
    const lane = structuredClone(lastBooking(read('round-trip-desktop')));
    // The recorder folds a run of seat-hold ticks into its last one: the numbers in between are gone.
    const tick = lane.steps.findIndex((step, index) => index > 0 && step.event.type === 'hold.tick');
    const later = lane.steps.slice(tick);
    for (const step of later) step.i += 11;
    const story = laneStory(lane, 'd');
    expect(story.steps.map((step) => step.number)).toEqual(lane.steps.map((_, index) => index + 1));
    expect(story.steps[tick]?.merged).toBe(12);
    expect(story.steps[tick]?.sentence).toMatch(/^Hitung mundur tahan kursi: sisa \d+:\d\d$/);
    expect(story.steps.filter((step) => step.merged > 1)).toHaveLength(1);
  });

  it("names a refused call with the server's words and a failed one as failed", () => {
    const lane = structuredClone(lastBooking(read('round-trip-desktop')));
    const last = lane.steps.at(-1);
    if (!last) throw new Error('empty lane');
    last.event = {
      type: 'xstate.promise.resolve',
      data: { kind: 'api', code: 'RSV-2', message: 'Kursi sudah dipesan' },
    };
    const price = lane.steps.find((step) => step.target.at(-1) === 'checkPrice');
    if (!price) throw new Error('no price step');
    price.event = {
      type: 'xstate.promise.reject',
      data: { __error: { name: 'ApiError', message: 'Koneksi terputus' } },
    };
    const sentences = laneStory(lane, 'd').steps.map((step) => step.sentence);
    expect(sentences.at(-1)).toBe('Server menjawab reservasi: menolak: “Kursi sudah dipesan” (RSV-2)');
    expect(sentences).toContain('Panggilan cek-harga gagal: “Koneksi terputus”');
  });

  it('has a sentence of its own for every event a recorded chart takes from the page', () => {
    // What the charts send each other is not a step: the replay makes it again.
    const betweenCharts = new Set([
      'price.checked',
      'hold.answered',
      'price.check',
      'price.cancel',
      'hold.release',
      'hold.forget',
      'seats.update',
      'firstLeg.update',
      'validation.restart',
      'completion.restart',
    ]);
    // The clock's own events come from a callback or a delay, not the page.
    const source = (type: string): TraceLane['steps'][number]['source'] =>
      type === 'hold.tick' ? 'effect' : type === 'refresh.due' ? 'timer' : 'ui';
    const untold: string[] = [];
    for (const [name, entry] of Object.entries(REPLAY_MACHINES)) {
      for (const type of pageEvents(entry.machine).filter((candidate) => !betweenCharts.has(candidate))) {
        const lane: TraceLane = {
          name,
          machine: { id: name, signature: '' },
          input: null,
          start: null,
          dropped: 0,
          steps: [
            {
              i: 0,
              t: 0,
              target: [],
              source: source(type),
              event: { type },
              value: null,
              digest: '',
              diff: [],
              emitted: [],
            },
          ],
        };
        const sentence = laneStory(lane, 'd').steps[0]?.sentence ?? '';
        if (sentence.includes(type) || sentence.startsWith('Langkah')) untold.push(`${name}: ${type}`);
      }
    }
    expect(untold).toEqual([]);
  });
});
