import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyStateNode, type StateValue } from 'xstate';
import type { CustomerLoginResults, RequestLoginResults } from '../../contract/account';
import {
  isResendReady,
  isResending,
  isVerifying,
  loginMachine,
  loginMessages,
  loginView,
  type LoginEvent,
  type LoginInput,
  type LoginNavigateEmitted,
  type LoginSnapshot,
} from '../../machines/login.machine';
import { edgeCoverPaths, withLazyPaths, measureCoverage, printCoverage, combineCoverage } from './support/coverage';

// Calls never settle by themselves: the paths send their done and error events.
const never = () => fromPromise(() => new Promise<never>(() => {}));
const signedInWith: CustomerLoginResults[] = [];
const model = loginMachine.provide({
  actors: { requestCode: never() as never, verifyCode: never() as never },
  actions: { signIn: (_, params) => void signedInWith.push(params.results) },
});

/** Two seconds to wait: short enough that the paths reach "Kirim Ulang Kode". */
const SENT: RequestLoginResults = {
  tipe: 'telp',
  tujuan: '0812****7890',
  berlaku_detik: 300,
  kirim_ulang_detik: 2,
  panjang_kode: 6,
};
const SIGNED_IN: CustomerLoginResults = {
  token: 'tok-rina',
  kedaluwarsa: '2027-11-23T21:00:00.000Z',
  pelanggan_baru: true,
  profil: {
    nama: '',
    email: '',
    telp: '081234567890',
    jenis_kelamin: null,
    tanggal_lahir: null,
    pekerjaan_id: null,
    pekerjaan_lainnya: null,
  },
};
const WRONG = 'Kode OTP salah. Sisa 4 kali percobaan';
const TOO_MANY = 'Terlalu banyak permintaan kode OTP. Silakan coba lagi nanti';
const WAIT = 'Tunggu 12 detik sebelum mengirim ulang kode';
const REDIRECT = '/app/information-passengers';

// Delayed and actor events are not part of the event union.
const ev = (event: { type: string; [key: string]: unknown }) => event as unknown as LoginEvent;
const TICK = 'xstate.after.second.login.code.resend.waiting';
const refused = (code: string, message: string) => ({ kind: 'refused', code, message });

const allEvents: LoginEvent[] = [
  { type: 'channel.choose', channel: 'email' },
  { type: 'channel.choose', channel: 'telp' },
  { type: 'contact.type', value: '081234567890' },
  { type: 'contact.type', value: '0812' },
  { type: 'contact.type', value: 'rina@contoh.id' },
  { type: 'contact.submit' },
  ev({ type: 'xstate.done.actor.requestCode', output: { kind: 'ok', results: SENT } }),
  ev({ type: 'xstate.done.actor.requestCode', output: refused('REQ-2', TOO_MANY) }),
  // The server may allow a resend at once.
  ev({ type: 'xstate.done.actor.requestCode', output: { kind: 'ok', results: { ...SENT, kirim_ulang_detik: 0 } } }),
  ev({ type: 'xstate.error.actor.requestCode', error: new Error('offline') }),
  { type: 'code.type', value: '246810' },
  { type: 'code.type', value: '24' },
  { type: 'code.submit' },
  ev({ type: 'xstate.done.actor.verifyCode', output: { kind: 'ok', results: SIGNED_IN } }),
  ev({ type: 'xstate.done.actor.verifyCode', output: refused('OTP-1', WRONG) }),
  ev({ type: 'xstate.error.actor.verifyCode', error: new Error('offline') }),
  { type: 'code.resend' },
  ev({ type: 'xstate.done.actor.resendCode', output: { kind: 'ok', results: SENT } }),
  ev({ type: 'xstate.done.actor.resendCode', output: refused('REQ-2', WAIT) }),
  ev({ type: 'xstate.error.actor.resendCode', error: new Error('offline') }),
  { type: 'contact.edit' },
  ev({ type: TICK }),
];

/** Each state is offered the events it handles (an actor's event where none runs would fail it). */
function events(snapshot: LoginSnapshot): LoginEvent[] {
  const nodes = snapshot._nodes as AnyStateNode[];
  return allEvents.filter((event) => nodes.some((node) => node.transitions.has(event.type)));
}

/** What matters of the context: channel, whether each field is valid, messages shown, the timer. */
function serialize(snapshot: LoginSnapshot): string {
  const { channel, contact, contactError, codeError, code, resendLeft, sentContact } = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    channel,
    sentContact,
    telp: contact.telp.length,
    email: contact.email.length,
    contactError,
    codeError,
    code: code.length,
    resendLeft,
  });
}

function valueKey(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${valueKey(child)}`))
    .join(',');
}

interface Step {
  snapshot: LoginSnapshot;
  input: LoginInput;
  navigations: LoginNavigateEmitted[];
}

const CONTACT_MESSAGES = new Set<string | null>([
  null,
  'Harap isi',
  'Masukan min 9 & max 15 digit angka',
  'Hanya angka yang boleh digunakan',
  'Format email tidak valid',
  TOO_MANY,
  loginMessages.network,
]);
const CODE_MESSAGES = new Set<string | null>([
  null,
  'Kode OTP harus 6 digit angka',
  WRONG,
  WAIT,
  loginMessages.network,
]);

const onCode = ({ snapshot, navigations }: Step) => {
  expect(loginView(snapshot)).toBe('code');
  expect(snapshot.context.sentTo).toBe('0812****7890');
  // Only a contact a code went to reaches this step.
  expect(snapshot.context.sentContact).toMatch(/^(telp|email):./);
  expect(snapshot.context.code).toMatch(/^\d{0,6}$/);
  expect(CODE_MESSAGES).toContain(snapshot.context.codeError);
  expect(snapshot.can({ type: 'contact.edit' })).toBe(true);
  expect(navigations).toEqual([]);
};
const waiting = (step: Step) => {
  expect(step.snapshot.context.resendLeft).toBeGreaterThan(0);
  expect(isResendReady(step.snapshot)).toBe(false);
  expect(step.snapshot.can({ type: 'code.resend' })).toBe(false);
};
const ready = (step: Step) => {
  expect(step.snapshot.context.resendLeft).toBe(0);
  expect(isResendReady(step.snapshot)).toBe(true);
  expect(step.snapshot.can({ type: 'code.resend' })).toBe(true);
};
const resending = (step: Step) => {
  expect(isResending(step.snapshot)).toBe(true);
  expect(step.snapshot.can({ type: 'code.resend' })).toBe(false);
};
const editing = (step: Step) => {
  expect(isVerifying(step.snapshot)).toBe(false);
  // "Masuk" is always pressable; a short code gets the format message, never a call.
  expect(step.snapshot.can({ type: 'code.submit' })).toBe(true);
};
const verifying = (step: Step) => {
  expect(isVerifying(step.snapshot)).toBe(true);
  expect(step.snapshot.context.code).toMatch(/^\d{6}$/);
  expect(step.snapshot.can({ type: 'code.submit' })).toBe(false);
};

/** Invariants per state value; a state missing here fails the test. */
const invariants: Record<string, (step: Step) => void> = {
  contact: ({ snapshot, navigations }) => {
    expect(loginView(snapshot)).toBe('contact');
    expect(snapshot.can({ type: 'contact.submit' })).toBe(true);
    expect(CONTACT_MESSAGES).toContain(snapshot.context.contactError);
    expect(snapshot.context.code).toBe('');
    expect(navigations).toEqual([]);
  },
  sending: ({ snapshot }) => {
    expect(loginView(snapshot)).toBe('sending');
    expect(snapshot.context.contactError).toBeNull();
    expect(snapshot.can({ type: 'contact.submit' })).toBe(false);
  },
  'code.entry.editing,resend.waiting': (step) => [onCode, editing, waiting].forEach((check) => check(step)),
  'code.entry.editing,resend.ready': (step) => [onCode, editing, ready].forEach((check) => check(step)),
  'code.entry.editing,resend.resending': (step) => [onCode, editing, resending].forEach((check) => check(step)),
  'code.entry.verifying,resend.waiting': (step) => [onCode, verifying, waiting].forEach((check) => check(step)),
  'code.entry.verifying,resend.ready': (step) => [onCode, verifying, ready].forEach((check) => check(step)),
  'code.entry.verifying,resend.resending': (step) => [onCode, verifying, resending].forEach((check) => check(step)),
  done: ({ snapshot, input, navigations }) => {
    expect(loginView(snapshot)).toBe('done');
    expect(snapshot.status).toBe('done');
    // Signed in (or already): exactly one trip to where the customer was headed, in place of the login page.
    expect(navigations).toEqual([{ type: 'navigate', intent: { kind: 'path', path: input.redirect, replace: true } }]);
    if (!input.signedIn) expect(signedInWith.at(-1)).toEqual(SIGNED_IN);
  },
};

function checkStep(step: Step): void {
  const value = valueKey(step.snapshot.value);
  const check = invariants[value];
  if (!check) throw new Error(`no invariants for state "${value}"`);
  check(step);
}

/** Replays a path on a real actor with a simulated clock; ticks run by advancing the clock. */
function replay(path: readonly LoginEvent[], input: LoginInput): string[] {
  signedInWith.length = 0;
  const clock = new SimulatedClock();
  const actor = createActor(model, { input, clock });
  const navigations: LoginNavigateEmitted[] = [];
  actor.on('navigate', (event) => navigations.push(event));
  actor.start();
  const visited: string[] = [];
  const check = () => {
    const snapshot = actor.getSnapshot();
    visited.push(valueKey(snapshot.value));
    checkStep({ snapshot, input, navigations });
  };
  check();
  for (const event of path) {
    const owned = (actor.getSnapshot()._nodes as AnyStateNode[]).some((node) => node.transitions.has(event.type));
    // A tick only happens in the state that scheduled it.
    if ((event.type as string) === TICK) {
      if (owned) clock.increment(1000);
    } else actor.send(event);
    check();
  }
  actor.stop();
  return visited;
}

describe('loginMachine model', () => {
  const inputs: Record<string, LoginInput> = {
    guest: { redirect: REDIRECT, signedIn: false },
    'already signed in': { redirect: '/', signedIn: true },
  };
  const runs = Object.entries(inputs).map(([name, input]) =>
    withLazyPaths({ name, input }, () => edgeCoverPaths(model, { events, input, serialize })),
  );

  it('a guest: every path keeps the invariants of every state it reaches, and reaches every state', () => {
    const run = runs[0]!;
    expect(run.paths.length).toBeGreaterThan(0);
    const reached = new Set(run.paths.flatMap((path) => replay(path, run.input)));
    expect([...reached].sort()).toEqual(Object.keys(invariants).sort());
  });

  it('already signed in: only the trip to the redirect target', () => {
    expect(replay([], inputs['already signed in']!)).toEqual(['done']);
  });

  it('the paths cover every state and transition of the chart', () => {
    const coverages = runs.map((run) => {
      const coverage = measureCoverage(model, run.paths.length ? run.paths : [[]], run.input);
      printCoverage(`login (${run.name})`, coverage);
      return coverage;
    });
    // The transient start is left within the actor's start, before any inspection reports it.
    const coverage = combineCoverage(coverages, (id) => id === 'login.start');
    printCoverage('login', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.states.covered).toBe(coverage.states.total);
  });
});
