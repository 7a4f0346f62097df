import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { CustomerLoginResults, RequestLoginResults } from '../../contract/account';
import {
  formatResend,
  isResendReady,
  isVerifying,
  loginMachine,
  loginMessages,
  loginView,
  type LoginInput,
  type LoginNavigateEmitted,
  type LoginOutcome,
  type RequestCodeInput,
  type VerifyCodeInput,
} from '../../machines/login.machine';

const SENT: RequestLoginResults = {
  tipe: 'telp',
  tujuan: '0812****7890',
  berlaku_detik: 300,
  kirim_ulang_detik: 60,
  panjang_kode: 6,
};

const SIGNED_IN: CustomerLoginResults = {
  token: 'tok-rina',
  kedaluwarsa: '2027-11-23T21:00:00.000Z',
  pelanggan_baru: false,
  profil: {
    nama: 'Rina Wulandari',
    email: '',
    telp: '081234567890',
    jenis_kelamin: null,
    tanggal_lahir: null,
    pekerjaan_id: null,
    pekerjaan_lainnya: null,
  },
};

const ok = <T>(results: T): LoginOutcome<T> => ({ kind: 'ok', results });

interface Options {
  input?: Partial<LoginInput>;
  request?: (input: RequestCodeInput) => Promise<LoginOutcome<RequestLoginResults>>;
  verify?: (input: VerifyCodeInput) => Promise<LoginOutcome<CustomerLoginResults>>;
}

function start(options: Options = {}) {
  const requests: RequestCodeInput[] = [];
  const verifications: VerifyCodeInput[] = [];
  const signIn = vi.fn();
  const clock = new SimulatedClock();
  const machine = loginMachine.provide({
    actors: {
      requestCode: fromPromise<LoginOutcome<RequestLoginResults>, RequestCodeInput>(({ input }) => {
        requests.push(input);
        return (options.request ?? (() => Promise.resolve(ok(SENT))))(input);
      }),
      verifyCode: fromPromise<LoginOutcome<CustomerLoginResults>, VerifyCodeInput>(({ input }) => {
        verifications.push(input);
        return (options.verify ?? (() => Promise.resolve(ok(SIGNED_IN))))(input);
      }),
    },
    actions: { signIn: (_, params) => signIn(params.results) },
  });
  const actor = createActor(machine, {
    input: { redirect: '/app/information-passengers', signedIn: false, ...options.input },
    clock,
  });
  const navigations: LoginNavigateEmitted[] = [];
  actor.on('navigate', (event) => navigations.push(event));
  actor.start();
  return { actor, clock, requests, verifications, signIn, navigations };
}

type Started = ReturnType<typeof start>;

/** The simulated clock runs the timers due at each step: the countdown ticks once a second. */
function advance(clock: SimulatedClock, ms: number) {
  for (let left = ms; left > 0; left -= Math.min(1000, left)) clock.increment(Math.min(1000, left));
}

async function sendCodeTo(started: Started, phone = '081234567890') {
  started.actor.send({ type: 'contact.type', value: phone });
  started.actor.send({ type: 'contact.submit' });
  await waitFor(started.actor, (snapshot) => loginView(snapshot) === 'code');
}

describe('contact step', () => {
  it('starts on the phone field', () => {
    const { actor } = start();
    expect(loginView(actor.getSnapshot())).toBe('contact');
    expect(actor.getSnapshot().context.channel).toBe('telp');
  });

  it('checks the phone by the spec rules before sending anything', () => {
    const { actor, requests } = start();
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().context.contactError).toBe('Harap isi');
    actor.send({ type: 'contact.type', value: '0812abc' });
    expect(actor.getSnapshot().context.contactError).toBeNull();
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().context.contactError).toBe('Hanya angka yang boleh digunakan');
    actor.send({ type: 'contact.type', value: '0812345' });
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().context.contactError).toBe('Masukan min 9 & max 15 digit angka');
    actor.send({ type: 'contact.type', value: '0812345678901234' });
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().context.contactError).toBe('Jumlah maksimal 15 digit angka');
    expect(requests).toEqual([]);
    expect(loginView(actor.getSnapshot())).toBe('contact');
  });

  it('checks the email by the spec rules', () => {
    const { actor, requests } = start();
    actor.send({ type: 'channel.choose', channel: 'email' });
    actor.send({ type: 'contact.type', value: 'rina@contoh' });
    actor.send({ type: 'contact.submit' });
    expect(actor.getSnapshot().context.contactError).toBe('Format email tidak valid');
    expect(requests).toEqual([]);
  });

  it('sends a +62 number as 08…', async () => {
    const started = start();
    await sendCodeTo(started, '+62 812-3456-7890');
    expect(started.requests).toEqual([{ tipe: 'telp', contact: '081234567890' }]);
  });

  it('keeps what was typed in each channel when switching', () => {
    const { actor } = start();
    actor.send({ type: 'contact.type', value: '081234567890' });
    actor.send({ type: 'channel.choose', channel: 'email' });
    actor.send({ type: 'contact.type', value: 'rina@contoh.id' });
    actor.send({ type: 'channel.choose', channel: 'telp' });
    expect(actor.getSnapshot().context.contact).toEqual({ telp: '081234567890', email: 'rina@contoh.id' });
  });

  it('shows the server’s refusal (too many codes) by the field', async () => {
    const { actor } = start({
      request: () =>
        Promise.resolve({
          kind: 'refused',
          code: 'REQ-2',
          message: 'Terlalu banyak permintaan kode OTP. Silakan coba lagi nanti',
        }),
    });
    actor.send({ type: 'contact.type', value: '081234567890' });
    actor.send({ type: 'contact.submit' });
    expect(loginView(actor.getSnapshot())).toBe('sending');
    await waitFor(actor, (snapshot) => snapshot.context.contactError !== null);
    expect(loginView(actor.getSnapshot())).toBe('contact');
    expect(actor.getSnapshot().context.contactError).toBe(
      'Terlalu banyak permintaan kode OTP. Silakan coba lagi nanti',
    );
  });

  it('says clearly when the code could not be sent for want of a connection', async () => {
    const { actor } = start({ request: () => Promise.reject(new Error('offline')) });
    actor.send({ type: 'contact.type', value: '081234567890' });
    actor.send({ type: 'contact.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.contactError !== null);
    expect(actor.getSnapshot().context.contactError).toBe(loginMessages.network);
    expect(loginMessages.network).toBe('Tidak dapat terhubung. Periksa koneksi internet kamu lalu coba lagi.');
  });
});

describe('code step', () => {
  it('shows where the code went and takes digits only, six at most', async () => {
    const started = start();
    await sendCodeTo(started);
    const { actor } = started;
    expect(actor.getSnapshot().context.sentTo).toBe('0812****7890');
    actor.send({ type: 'code.type', value: '12a3 4-5678' });
    expect(actor.getSnapshot().context.code).toBe('123456');
  });

  it('asks for six digits before checking', async () => {
    const started = start();
    await sendCodeTo(started);
    started.actor.send({ type: 'code.type', value: '12345' });
    started.actor.send({ type: 'code.submit' });
    expect(started.actor.getSnapshot().context.codeError).toBe('Kode OTP harus 6 digit angka');
    expect(started.verifications).toEqual([]);
  });

  it('signs in with the right code and goes to the redirect target in place of the login page', async () => {
    const started = start();
    await sendCodeTo(started);
    started.actor.send({ type: 'code.type', value: '246810' });
    started.actor.send({ type: 'code.submit' });
    expect(isVerifying(started.actor.getSnapshot())).toBe(true);
    await waitFor(started.actor, (snapshot) => snapshot.status === 'done');
    expect(started.verifications).toEqual([{ tipe: 'telp', contact: '081234567890', otp: '246810' }]);
    expect(started.signIn).toHaveBeenCalledExactlyOnceWith(SIGNED_IN);
    expect(started.navigations).toEqual([
      { type: 'navigate', intent: { kind: 'path', path: '/app/information-passengers', replace: true } },
    ]);
  });

  it.each([
    ['OTP-1', 'Kode OTP salah. Sisa 4 kali percobaan'],
    ['OTP-2', 'Kode OTP sudah kedaluwarsa. Silakan kirim ulang kode'],
    ['OTP-3', 'Kode OTP sudah digunakan. Silakan minta kode baru'],
    ['OTP-4', 'Terlalu banyak percobaan kode OTP yang salah. Silakan minta kode baru'],
    ['REQ-2', 'Terlalu banyak percobaan masuk. Silakan coba lagi dalam 1 menit'],
  ] as const)('shows the server’s message for %s and stays on the code', async (code, message) => {
    const started = start({ verify: () => Promise.resolve({ kind: 'refused', code, message }) });
    await sendCodeTo(started);
    started.actor.send({ type: 'code.type', value: '111111' });
    started.actor.send({ type: 'code.submit' });
    await waitFor(started.actor, (snapshot) => snapshot.context.codeError !== null);
    expect(started.actor.getSnapshot().context.codeError).toBe(message);
    expect(loginView(started.actor.getSnapshot())).toBe('code');
    expect(started.signIn).not.toHaveBeenCalled();
    expect(started.navigations).toEqual([]);
    // Typing again clears the message.
    started.actor.send({ type: 'code.type', value: '11111' });
    expect(started.actor.getSnapshot().context.codeError).toBeNull();
  });

  it('says clearly when the code could not be checked for want of a connection', async () => {
    const started = start({ verify: () => Promise.reject(new Error('offline')) });
    await sendCodeTo(started);
    started.actor.send({ type: 'code.type', value: '111111' });
    started.actor.send({ type: 'code.submit' });
    await waitFor(started.actor, (snapshot) => snapshot.context.codeError !== null);
    expect(started.actor.getSnapshot().context.codeError).toBe(loginMessages.network);
  });

  it('goes back to change the number, keeping it typed', async () => {
    const started = start();
    await sendCodeTo(started);
    started.actor.send({ type: 'code.type', value: '123' });
    started.actor.send({ type: 'contact.edit' });
    const { context } = started.actor.getSnapshot();
    expect(loginView(started.actor.getSnapshot())).toBe('contact');
    expect(context.contact.telp).toBe('081234567890');
    expect(context.code).toBe('');
  });
});

describe('changing the contact', () => {
  it('goes back to the code already sent when the same number is sent again', async () => {
    const started = start();
    await sendCodeTo(started);
    started.actor.send({ type: 'contact.edit' });
    started.actor.send({ type: 'contact.submit' });
    expect(loginView(started.actor.getSnapshot())).toBe('code');
    expect(started.requests).toHaveLength(1);
    // The resend timer goes on where it was.
    expect(started.actor.getSnapshot().context.resendLeft).toBe(60);
  });

  it('sends a new code to another number', async () => {
    const started = start();
    await sendCodeTo(started);
    started.actor.send({ type: 'contact.edit' });
    started.actor.send({ type: 'contact.type', value: '085711223344' });
    started.actor.send({ type: 'contact.submit' });
    expect(loginView(started.actor.getSnapshot())).toBe('sending');
    await waitFor(started.actor, (snapshot) => loginView(snapshot) === 'code');
    expect(started.requests).toEqual([
      { tipe: 'telp', contact: '081234567890' },
      { tipe: 'telp', contact: '085711223344' },
    ]);
  });

  it('sends a new code when the channel changed, even to the same text', async () => {
    const started = start();
    await sendCodeTo(started);
    started.actor.send({ type: 'contact.edit' });
    started.actor.send({ type: 'channel.choose', channel: 'email' });
    started.actor.send({ type: 'contact.type', value: 'rina@contoh.id' });
    started.actor.send({ type: 'contact.submit' });
    expect(loginView(started.actor.getSnapshot())).toBe('sending');
  });
});

describe('resend timer', () => {
  it('counts down the server’s 60 seconds on the machine’s clock, then offers a new code', async () => {
    const started = start();
    await sendCodeTo(started);
    const { actor, clock } = started;
    expect(actor.getSnapshot().context.resendLeft).toBe(60);
    expect(formatResend(actor.getSnapshot().context.resendLeft)).toBe('01:00');
    advance(clock, 15_000);
    expect(formatResend(actor.getSnapshot().context.resendLeft)).toBe('00:45');
    expect(isResendReady(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
    advance(clock, 44_999);
    expect(actor.getSnapshot().context.resendLeft).toBe(1);
    clock.increment(1);
    expect(actor.getSnapshot().context.resendLeft).toBe(0);
    expect(isResendReady(actor.getSnapshot())).toBe(true);
  });

  it('sends a new code to the same contact and starts the timer again', async () => {
    const started = start();
    await sendCodeTo(started);
    const { actor, clock, requests } = started;
    advance(clock, 60_000);
    actor.send({ type: 'code.type', value: '999' });
    actor.send({ type: 'code.resend' });
    await waitFor(
      actor,
      (snapshot) => !isResendReady(snapshot) && !snapshot.matches({ code: { resend: 'resending' } }),
    );
    expect(requests).toHaveLength(2);
    expect(requests[1]).toEqual({ tipe: 'telp', contact: '081234567890' });
    expect(actor.getSnapshot().context.resendLeft).toBe(60);
  });

  it('shows the server’s wait message when a resend is refused', async () => {
    let calls = 0;
    const started = start({
      request: () =>
        Promise.resolve(
          calls++ === 0
            ? ok(SENT)
            : { kind: 'refused', code: 'REQ-2', message: 'Tunggu 12 detik sebelum mengirim ulang kode' },
        ),
    });
    await sendCodeTo(started);
    advance(started.clock, 60_000);
    started.actor.send({ type: 'code.resend' });
    await waitFor(started.actor, (snapshot) => snapshot.context.codeError !== null);
    expect(started.actor.getSnapshot().context.codeError).toBe('Tunggu 12 detik sebelum mengirim ulang kode');
    expect(isResendReady(started.actor.getSnapshot())).toBe(true);
  });

  it('offers the resend at once when the server allows it', async () => {
    const started = start({ request: () => Promise.resolve(ok({ ...SENT, kirim_ulang_detik: 0 })) });
    await sendCodeTo(started);
    expect(isResendReady(started.actor.getSnapshot())).toBe(true);
  });
});

describe('already signed in', () => {
  it('goes straight to the redirect target', () => {
    const { actor, navigations, requests } = start({ input: { signedIn: true, redirect: '/app/customer/profile' } });
    expect(actor.getSnapshot().status).toBe('done');
    expect(navigations).toEqual([
      { type: 'navigate', intent: { kind: 'path', path: '/app/customer/profile', replace: true } },
    ]);
    expect(requests).toEqual([]);
  });
});
