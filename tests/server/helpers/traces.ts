import type { TraceDocument } from '../../../contract';

/** A small trace as the app sends it: one booking lane, two steps. */
export function sampleTrace(note = 'Qjfj Wxjmwy', at: Date = new Date()): TraceDocument {
  return {
    format: 'berangkat-trace',
    formatVersion: 1,
    app: { version: '0.1.0+test' },
    recordedAt: at.toISOString(),
    savedAt: at.toISOString(),
    layout: 'm',
    platform: 'WEB',
    route: '/app/information-passengers',
    lanes: [
      {
        name: 'booking',
        machine: { id: 'booking', signature: '0123456789abcdef' },
        input: { layout: 'm', signedIn: false },
        start: { status: 'active', value: { flow: 'editing' }, context: { booker: { name: note } } },
        dropped: 0,
        steps: [
          {
            i: 0,
            t: 10,
            target: [],
            source: 'ui',
            event: { type: 'terms.set', checked: true },
            value: { flow: 'editing' },
            digest: 'aaaaaaaaaaaaaaaa',
            diff: [{ p: ['context', 'termsAccepted'], v: true }],
            emitted: [],
          },
          {
            i: 1,
            t: 20,
            target: ['checkPrice'],
            source: 'effect',
            event: { type: 'xstate.promise.resolve', data: { total_bayar: 150000 } },
            value: { flow: 'editing' },
            digest: 'bbbbbbbbbbbbbbbb',
            diff: [],
            emitted: [{ type: 'toast', message: 'Harga berubah' }],
          },
        ],
      },
    ],
  };
}
