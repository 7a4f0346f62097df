import { describe, expect, it } from 'vitest';
import { TraceDocumentSchema, type TraceDocument } from '../../../contract/support';
import { normalizePhone } from '../../../contract/account';
import { PersonalDataMask } from '../../../src/trace/personal-data';
import { replayTrace } from '../../../src/trace/replay';
import { connecting, flush } from '../../machines/booking-fixtures';
import { bookRoundTrip, BUDI, exported, newRecorder, recordedBooking } from './recorded-booking';

const BOOKER = BUDI.booker;
const PASSENGER = BUDI.passenger;

async function roundTripTrace(): Promise<TraceDocument> {
  const recorder = newRecorder(`/app/information-passengers?email=${BOOKER.email}`);
  await bookRoundTrip(BUDI, recorder);
  return exported(recorder);
}

describe('support traces of a booking', () => {
  it('a round trip replays to the recorded snapshot at every step', async () => {
    const trace = await roundTripTrace();
    expect(TraceDocumentSchema.safeParse(trace).success).toBe(true);
    const lane = trace.lanes[0];
    expect(lane?.name).toBe('booking');
    // The page's taps, the layouts and price answers, the reservation's answer are all steps.
    const sources = new Set(lane?.steps.map((step) => step.source));
    expect(sources).toEqual(new Set(['ui', 'effect']));
    expect(lane?.steps.some((step) => step.event.type === 'xstate.promise.resolve')).toBe(true);
    expect(lane?.steps.flatMap((step) => step.draws ?? [])).toHaveLength(1);
    const replay = replayTrace(trace);
    expect(replay.otherVersion).toEqual([]);
    expect(replay.lanes[0]?.divergence).toBeNull();
    expect(replay.lanes[0]?.steps).toHaveLength(lane?.steps.length ?? -1);
    expect(replay.lanes[0]?.steps.every((step) => step.match)).toBe(true);
    expect(replay.identical).toBe(true);
    // The confirmation's navigation is seen again on replay.
    const navigations = replay.lanes[0]?.steps.flatMap((step) => step.emitted).filter((e) => e.type === 'navigate');
    expect(navigations?.at(-1)).toMatchObject({ intent: { name: 'confirmation-payment-order' } });
  });

  it('a connecting booking replays to identical snapshots', async () => {
    const run = recordedBooking(connecting);
    run.actor.send({ type: 'seats.open', direction: 'pergi' });
    await flush();
    run.child('seatSelection.pergi').send({ type: 'seat.toggle', key: '1-1' });
    run.child('seatSelection.pergi').send({ type: 'selection.save' });
    await flush();
    run.child('seatSelection.pergi').send({ type: 'seat.toggle', key: '1-2' });
    run.child('seatSelection.pergi').send({ type: 'selection.save' });
    await flush();
    const trace = JSON.parse(JSON.stringify(run.recorder.exportTrace())) as TraceDocument;
    expect(trace.lanes[0]?.steps.length).toBeGreaterThan(4);
    const replay = replayTrace(trace);
    expect(replay.lanes[0]?.divergence).toBeNull();
    expect(replay.identical).toBe(true);
  });

  it('no name, phone, email or typed prefix of them reaches the trace', async () => {
    const text = JSON.stringify(await roundTripTrace());
    for (const secret of [
      BOOKER.name,
      'Budi',
      'Santoso',
      BOOKER.phone,
      '0812345',
      BOOKER.email,
      'santoso@',
      PASSENGER,
      'Rahayu',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('an edited trace names its first divergent step', async () => {
    const trace = await roundTripTrace();
    const lane = trace.lanes[0];
    const index = lane?.steps.findIndex((step) => step.event.type === 'seat.toggle') ?? -1;
    expect(index).toBeGreaterThan(0);
    const step = lane?.steps[index];
    if (!step) throw new Error('no seat step');
    step.event = { ...step.event, key: '1-2' };
    const replay = replayTrace(trace);
    expect(replay.identical).toBe(false);
    expect(replay.lanes[0]?.divergence).toMatchObject({
      index,
      i: step.i,
      eventType: 'seat.toggle',
      reason: 'snapshot',
    });
    expect(replay.lanes[0]?.divergence?.differences.length).toBeGreaterThan(0);
  });

  it('a total edited in the recorded snapshot is a divergence at that step, the two totals named', async () => {
    const trace = await roundTripTrace();
    const lane = trace.lanes[0];
    const index =
      lane?.steps.findIndex((step) => step.diff.some((op) => op.p.join('.').startsWith('context.price'))) ?? -1;
    const step = lane?.steps[index];
    if (!step) throw new Error('no price step');
    // Only the snapshot's change is edited, as a hand in a text editor would; the digest is left.
    for (const op of step.diff) {
      if (op.p.join('.') === 'context.price' && 'v' in op) (op.v as { total_bayar: number }).total_bayar = 175_000;
      if (op.p.join('.') === 'context.price.total_bayar' && 'v' in op) op.v = 175_000;
    }
    const divergence = replayTrace(trace).lanes[0]?.divergence;
    expect(divergence).toMatchObject({ index, reason: 'snapshot' });
    expect(divergence?.differences).toContainEqual(
      expect.objectContaining({ path: 'context.price.total_bayar', recorded: 175_000 }),
    );
  });

  it('a trace of another machine version is flagged', async () => {
    const trace = await roundTripTrace();
    const lane = trace.lanes[0];
    if (!lane) throw new Error('no lane');
    lane.machine.signature = 'another-version';
    expect(replayTrace(trace).otherVersion).toEqual(['booking']);
  });
});

describe('personal data placeholders', () => {
  it('keep length and kind of every character, and never a character itself', () => {
    const mask = new PersonalDataMask({ seed: 1 });
    const placeholder = mask.placeholder('Budi Santoso 0812-3456 budi@mail.com');
    expect(placeholder).toHaveLength('Budi Santoso 0812-3456 budi@mail.com'.length);
    expect(placeholder).toMatch(/^[A-Z][a-z]{3} [A-Z][a-z]{6} 0[0-9]{3}-[0-9]{4} [a-z]{4}@[a-z]{4}\.[a-z]{3}$/);
    for (const [index, char] of [...'BudiSantoso'].entries()) {
      expect(placeholder.replace(/[^A-Za-z]/g, '')[index]).not.toBe(char);
    }
  });

  it('keep the phone prefixes the rules read, and never add one', () => {
    const mask = new PersonalDataMask({ seed: 5 });
    expect(mask.placeholder('+6281234567890')).toMatch(/^\+62[0-9]{11}$/);
    expect(mask.placeholder('6281234567890')).toMatch(/^62[0-9]{11}$/);
    expect(mask.placeholder('081234567890')).toMatch(/^0[0-9]{11}$/);
    for (const typed of ['+62 812-3456-7890', '6281234567890', '081234567890', '81234567890']) {
      expect(normalizePhone(mask.placeholder(typed))).toBe(mask.placeholder(normalizePhone(typed)));
    }
    for (const bare of ['8', '81', '5', '7123', '6', '65']) expect(mask.placeholder(bare)).toMatch(/^[1-57-9]/);
  });

  it('agree with what the machines do to a value: cut to a maximum, trim, upper case', () => {
    const mask = new PersonalDataMask({ seed: 6 });
    for (const value of ['Siti Rahmadani', 'siti.rahma@gmail.com', '081298765432', 'tok-9f3a.Q2Fk']) {
      for (let end = 1; end <= value.length; end += 1) {
        expect(mask.placeholder(value.slice(0, end))).toBe(mask.placeholder(value).slice(0, end));
      }
    }
    expect(mask.placeholder('  Siti  ').trim()).toBe(mask.placeholder('Siti'));
    expect(mask.placeholder('ab12cd').toUpperCase()).toBe(mask.placeholder('AB12CD'));
    // Letters beyond ASCII are "other" to the rules: hidden as such, length kept.
    expect(mask.placeholder('Ñoño Ğül')).toMatch(/^•[a-z]•[a-z] ••[a-z]$/);
  });

  it('never share 4 characters with the value, repeats and common domains included', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const mask = new PersonalDataMask({ seed });
      for (const value of [
        'aaaaaaaaaa',
        'abababababab',
        '0000000000000',
        '6212121212121',
        'siti.rahma@gmail.com',
        'dewi_kusuma@yahoo.co.id',
        'Aaaa Aaaa Aaaa',
      ]) {
        const masked = mask.placeholder(value).toLowerCase();
        const lower = value.toLowerCase();
        const shared = Array.from({ length: lower.length - 3 }, (_, i) => lower.slice(i, i + 4)).filter((piece) =>
          masked.includes(piece),
        );
        expect(shared, `${value} -> ${masked}`).toEqual([]);
      }
    }
  });

  it('are stable within a trace and differ between traces', () => {
    const one = new PersonalDataMask({ seed: 1 });
    const two = new PersonalDataMask({ seed: 2 });
    expect(one.placeholder('Budi')).toBe(one.placeholder('Budi'));
    expect(one.placeholder('Budi')).not.toBe(two.placeholder('Budi'));
  });

  it('leave validation messages and operator names alone', () => {
    const mask = new PersonalDataMask({ seed: 3 });
    const masked = mask.mask(
      {
        values: { name: 'Budi' },
        errors: { name: 'Harap isi' },
        operator: { nama: 'Primajasa' },
        penumpang: [{ nama: 'Budi', kursi: '1A' }],
      },
      'booking',
    );
    expect(masked.errors.name).toBe('Harap isi');
    expect(masked.operator.nama).toBe('Primajasa');
    expect(masked.values.name).not.toBe('Budi');
    expect(masked.penumpang[0]?.nama).toBe(masked.values.name);
    expect(masked.penumpang[0]?.kursi).toBe('1A');
  });

  it("mask a passenger row's name but not a route's, a floor's or an event's type", () => {
    const mask = new PersonalDataMask({ seed: 4 });
    const masked = mask.mask(
      {
        rows: [{ name: 'Budi', error: null }],
        intent: { kind: 'route', name: 'schedule' },
        floor: { nama: 'Utama', kursi: { '1-1': { no: '1A' } } },
        event: { type: 'Budi.choose' },
      },
      'booking',
    );
    expect(masked.rows[0]?.name).toBe(mask.placeholder('Budi'));
    expect(masked.intent.name).toBe('schedule');
    expect(masked.floor.nama).toBe('Utama');
    expect(masked.event.type).toBe('Budi.choose');
  });
});
