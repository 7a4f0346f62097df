import { describe, expect, it } from 'vitest';
import type { TraceDocument, TraceStep } from '../../../contract/support';
import { replayTrace } from '../../../src/trace/replay';
import { bookRoundTrip, exported, newRecorder, signIn, type Customer } from './recorded-booking';

/** Customers on the common mail domains, signing in by phone (+62 and 62 forms) or by email. */
const CUSTOMERS: readonly Customer[] = [
  {
    booker: { name: 'Siti Rahmadani', phone: '081298765432', email: 'siti.rahma@gmail.com' },
    passenger: 'Amalia Lim',
    donationMessage: 'Semoga lancar perjalanannya',
    login: {
      contact: '+6281298765432',
      sentTo: '0812****5432',
      otp: '583920',
      token: 'eyJhbGciOiJIUzI1NiJ9.c2l0aQ.Xk29fPq',
    },
  },
  {
    booker: { name: 'Dewi Kusumawati', phone: '6285711223344', email: 'dewi_kusuma@yahoo.co.id' },
    passenger: 'Bambang Hartono',
    donationMessage: 'Terima kasih banyak',
    login: { contact: '085711223344', sentTo: '0857****3344', otp: '071845', token: 'a91c4e7b.Q2FkZW.d20f' },
  },
];

/**
 * The values the customer typed or was given. Where the server says the code went (0812****7890)
 * is the phone's digits around the server's own stars: the phone covers it.
 */
const valuesOf = (customer: Customer): string[] => [
  customer.booker.name,
  customer.booker.phone,
  customer.booker.email,
  customer.passenger,
  customer.donationMessage,
  customer.login.contact,
  customer.login.otp,
  customer.login.token,
];

/** Every 4-character piece of a value, lower case: a longer shared piece contains one of them. */
function piecesOf(value: string): string[] {
  const lower = value.toLowerCase();
  return Array.from({ length: Math.max(0, lower.length - 3) }, (_, start) => lower.slice(start, start + 4));
}

/**
 * Every string in a JSON value, keys included. A step's digest is a hash of the masked snapshot:
 * its hex digits match a phone's by chance, never by content.
 */
function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      out.push(key);
      if (key !== 'digest') stringsOf(child, out);
    }
  }
  return out;
}

async function visit(customer: Customer): Promise<TraceDocument> {
  const recorder = newRecorder(`/app/information-passengers?kontak=${customer.booker.email}`);
  await signIn(customer, recorder);
  await bookRoundTrip(customer, recorder);
  return exported(recorder);
}

describe('personal data in a whole booking trace', () => {
  it('the two customers share no 4-character piece, so each is the control of the other', () => {
    const [one, two] = CUSTOMERS.map((customer) => new Set(valuesOf(customer).flatMap(piecesOf)));
    expect([...(one ?? [])].filter((piece) => two?.has(piece))).toEqual([]);
  });

  it.each(CUSTOMERS.map((customer, index) => [customer.booker.email, customer, index] as const))(
    'no recorded string shares 4 characters with any value of %s, and the trace replays identically',
    async (_email, customer, index) => {
      const trace = await visit(customer);
      expect(trace.lanes.map((lane) => lane.name)).toEqual(['login', 'booking']);
      // Texts of the charts and of the fixtures ("email", "Utama") are the same whoever books:
      // what the other customer's visit holds word for word is not this customer's.
      const other = CUSTOMERS[1 - index];
      if (!other) throw new Error('no control customer');
      const chartTexts = new Set(stringsOf(await visit(other)));
      const strings = stringsOf(trace).filter((text) => !chartTexts.has(text));
      // The customer's values are in what the machines were told: the fixture is certain.
      expect(strings.length).toBeGreaterThan(200);
      const leaks: string[] = [];
      for (const value of valuesOf(customer)) {
        for (const piece of piecesOf(value)) {
          for (const text of strings) {
            if (text.toLowerCase().includes(piece)) leaks.push(`"${piece}" of "${value}" in "${text}"`);
          }
        }
      }
      expect(leaks).toEqual([]);
      const replay = replayTrace(trace);
      expect(replay.otherVersion).toEqual([]);
      expect(replay.lanes.map((lane) => lane.divergence)).toEqual([null, null]);
      expect(replay.identical).toBe(true);
    },
  );
});

describe('a known value and its pseudonym', () => {
  it('give no other value back: knowing the masked gmail.com decodes nothing of the passenger', async () => {
    const customer = CUSTOMERS[0];
    if (!customer) throw new Error('no customer');
    const trace = await visit(customer);
    const booking = trace.lanes.find((lane) => lane.name === 'booking');
    const typed = (booking?.steps ?? [])
      .map((step: TraceStep) => step.event as { type: string; field?: string; value?: unknown })
      .filter((event) => event.type === 'booker.type' && event.field === 'email');
    const masked = typed.at(-1)?.value;
    if (typeof masked !== 'string') throw new Error('no typed email');
    expect(masked).toHaveLength(customer.booker.email.length);
    // Whoever guesses the common domain learns which letter stands for which there, at best.
    const domain = customer.booker.email.slice(customer.booker.email.indexOf('@'));
    const maskedDomain = masked.slice(masked.indexOf('@'));
    const learnt = new Map([...maskedDomain].map((char, index) => [char, domain[index] ?? '']));
    const decode = (text: string) => [...text.toLowerCase()].map((char) => learnt.get(char) ?? '\u0000').join('');
    const decoded = stringsOf(trace).map(decode);
    const pieces = [customer.passenger, customer.booker.name].flatMap(piecesOf);
    // The passenger's name is spelt from the domain's own letters: a substitution gives it back.
    expect([...customer.passenger.toLowerCase().replace(' ', '')].every((char) => domain.includes(char))).toBe(true);
    expect(pieces.filter((piece) => decoded.some((text) => text.includes(piece)))).toEqual([]);
  });
});
