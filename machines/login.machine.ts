import { and, assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  ACCOUNT_MESSAGE,
  OTP,
  normalizePhone,
  type CustomerLoginResults,
  type LoginChannel,
  type RequestLoginResults,
} from '../contract/account';
import type { ErrorCode } from '../contract/envelope';
import { EmailSchema, PhoneSchema, firstError } from '../contract/fields';
import { SECOND_MS } from './countdown';

/**
 * Signing in by a one-time code (spec section 7 "Login": request-customer-login-alternative, then
 * customer-login). The customer picks phone or email and types it; the code goes out; they type
 * the 6 digits, or ask again once the resend timer has run out, or go back to change the contact.
 * On success the app keeps the token and the profile (`signIn`) and the page goes where the
 * customer came from. Calls are named actors the app provides; their refusals come back as
 * outcomes with the server's code and message, and a rejection is a failed call.
 */

export interface LoginInput {
  /** Where to go once signed in: an internal path (checked by the route). */
  redirect: string;
  /** Already signed in: straight to the redirect target. */
  signedIn: boolean;
}

/** A call's answer: done, or refused by the server with its code and Indonesian message. */
export type LoginOutcome<T> = { kind: 'ok'; results: T } | { kind: 'refused'; code: ErrorCode; message: string };

export interface RequestCodeInput {
  tipe: LoginChannel;
  /** Normalised phone (08…) or email, as the customer typed it. */
  contact: string;
}

export interface VerifyCodeInput extends RequestCodeInput {
  otp: string;
}

/** Go to an internal path (the redirect target of /app/login), replacing the login page in history. */
export type PathIntent = { kind: 'path'; path: string; replace: true };
export type LoginNavigateEmitted = { type: 'navigate'; intent: PathIntent };

export interface LoginContext {
  redirect: string;
  signedIn: boolean;
  channel: LoginChannel;
  /** What is typed in each channel's field; switching keeps both. */
  contact: Record<LoginChannel, string>;
  /** The contact step's message (field rule or the server's refusal). */
  contactError: string | null;
  /** Where the code went, masked by the server (0812****7890). */
  sentTo: string;
  /** The contact the live code was sent to (`telp:08…`), null before any. */
  sentContact: string | null;
  code: string;
  /** The code step's message (format, the server's refusal, a failed call). */
  codeError: string | null;
  /** Seconds until "Kirim Ulang Kode" is offered. */
  resendLeft: number;
}

export type LoginEvent =
  | { type: 'channel.choose'; channel: LoginChannel }
  | { type: 'contact.type'; value: string }
  | { type: 'contact.submit' }
  | { type: 'code.type'; value: string }
  | { type: 'code.submit' }
  | { type: 'code.resend' }
  | { type: 'contact.edit' };

export const loginMessages = {
  network: 'Tidak dapat terhubung. Periksa koneksi internet kamu lalu coba lagi.',
} as const;

const NOT_DIGIT = /\D/g;
const CODE_FORMAT = new RegExp(`^\\d{${OTP.length}}$`);

/** The contact as sent: phones normalised to 08… (+62 and spaces allowed while typing). */
export function contactValue(channel: LoginChannel, typed: string): string {
  return channel === 'telp' ? normalizePhone(typed.trim()) : typed.trim();
}

/** The contact field's message by the contract's rules (spec section 5), or null when valid. */
export function contactError(channel: LoginChannel, typed: string): string | null {
  return firstError(channel === 'telp' ? PhoneSchema : EmailSchema, contactValue(channel, typed));
}

/** "Kirim ulang kode dalam 00:45". */
export function formatResend(seconds: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

const contactKey = (context: Pick<LoginContext, 'channel' | 'contact'>) =>
  `${context.channel}:${contactValue(context.channel, context.contact[context.channel])}`;

const refusalMessage = (outcome: LoginOutcome<unknown>) => (outcome.kind === 'refused' ? outcome.message : '');

type RequestDone = { output: LoginOutcome<RequestLoginResults> };
type VerifyDone = { output: LoginOutcome<CustomerLoginResults> };

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    emitted: {} as LoginNavigateEmitted,
  },
  delays: { second: SECOND_MS },
  actors: {
    // Placeholders: the app provides the calls (src/flow/login-flow.ts).
    requestCode: fromPromise<LoginOutcome<RequestLoginResults>, RequestCodeInput>(() =>
      Promise.reject(new Error('requestCode is provided by the app')),
    ),
    verifyCode: fromPromise<LoginOutcome<CustomerLoginResults>, VerifyCodeInput>(() =>
      Promise.reject(new Error('verifyCode is provided by the app')),
    ),
  },
  guards: {
    isSignedIn: ({ context }) => context.signedIn,
    isContactValid: ({ context }) => contactError(context.channel, context.contact[context.channel]) === null,
    isSameContact: ({ context }) => context.sentContact === contactKey(context),
    isCodeComplete: ({ context }) => CODE_FORMAT.test(context.code),
    isOk: (_, params: { outcome: LoginOutcome<unknown> }) => params.outcome.kind === 'ok',
    isResendDue: ({ context }) => context.resendLeft <= 1,
    canResendNow: ({ context }) => context.resendLeft <= 0,
  },
  actions: {
    // Provided by the app: keeps the token (cookie `_atx`) and the profile copy, resets account data.
    signIn: (_, _params: { results: CustomerLoginResults }) => undefined,
    chooseChannel: assign((_, params: { channel: LoginChannel }) => ({ channel: params.channel, contactError: null })),
    typeContact: assign(({ context }, params: { value: string }) => ({
      contact: { ...context.contact, [context.channel]: params.value },
      contactError: null,
    })),
    showContactRule: assign(({ context }) => ({
      contactError: contactError(context.channel, context.contact[context.channel]),
    })),
    keepContactError: assign((_, params: { message: string }) => ({ contactError: params.message })),
    codeSent: assign(({ context }, params: { results: RequestLoginResults }) => ({
      sentTo: params.results.tujuan,
      sentContact: contactKey(context),
      resendLeft: params.results.kirim_ulang_detik,
      code: '',
      codeError: null,
      contactError: null,
    })),
    // A new code while one is being checked: what is typed stays, only the timer starts again.
    codeResent: assign((_, params: { results: RequestLoginResults }) => ({
      sentTo: params.results.tujuan,
      resendLeft: params.results.kirim_ulang_detik,
      codeError: null,
    })),
    typeCode: assign((_, params: { value: string }) => ({
      code: params.value.replace(NOT_DIGIT, '').slice(0, OTP.length),
      codeError: null,
    })),
    showCodeRule: assign({ codeError: ACCOUNT_MESSAGE.otpFormat }),
    keepCodeError: assign((_, params: { message: string }) => ({ codeError: params.message })),
    tick: assign(({ context }) => ({ resendLeft: Math.max(0, context.resendLeft - 1) })),
    goToRedirect: emit(({ context }) => ({
      type: 'navigate' as const,
      intent: { kind: 'path' as const, path: context.redirect, replace: true as const },
    })),
  },
}).createMachine({
  id: 'login',
  description: 'Masuk: a one-time code sent to a phone or an email signs the customer in.',
  context: ({ input }) => ({
    redirect: input.redirect,
    signedIn: input.signedIn,
    channel: 'telp',
    contact: { telp: '', email: '' },
    contactError: null,
    sentTo: '',
    sentContact: null,
    code: '',
    codeError: null,
    resendLeft: 0,
  }),
  initial: 'start',
  states: {
    start: {
      description: 'A customer already signed in goes straight to where they were headed.',
      always: [{ guard: 'isSignedIn', target: 'done', actions: 'goToRedirect' }, { target: 'contact' }],
    },
    contact: {
      description:
        '"Nomor Handphone" or "Email" and its field; "Kirim Kode OTP" checks the field by the spec rules first.',
      on: {
        'channel.choose': { actions: { type: 'chooseChannel', params: ({ event }) => ({ channel: event.channel }) } },
        'contact.type': { actions: { type: 'typeContact', params: ({ event }) => ({ value: event.value }) } },
        'contact.submit': [
          // Back from "Ubah nomor" with the same contact: the code already sent still works.
          { guard: and(['isContactValid', 'isSameContact']), target: 'code' },
          { guard: 'isContactValid', target: 'sending' },
          { actions: 'showContactRule' },
        ],
      },
    },
    sending: {
      description: 'request-customer-login-alternative sends the code; the button shows progress.',
      entry: assign({ contactError: null }),
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }) => ({
          tipe: context.channel,
          contact: contactValue(context.channel, context.contact[context.channel]),
        }),
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => ({ outcome: event.output }) },
            target: 'code',
            actions: {
              type: 'codeSent',
              params: ({ event }) => ({ results: (event.output as { results: RequestLoginResults }).results }),
            },
          },
          {
            // Too many codes (429) or a contact the server refuses: its message by the field.
            target: 'contact',
            actions: { type: 'keepContactError', params: ({ event }) => ({ message: refusalMessage(event.output) }) },
          },
        ],
        onError: {
          target: 'contact',
          actions: { type: 'keepContactError', params: { message: loginMessages.network } },
        },
      },
    },
    code: {
      description: '"Masukkan Kode OTP": the 6 digits, "Masuk", and the resend timer side by side.',
      type: 'parallel',
      on: {
        'contact.edit': { target: 'contact', actions: assign({ code: '', codeError: null }) },
      },
      states: {
        entry: {
          description: 'Typing and checking the code.',
          initial: 'editing',
          states: {
            editing: {
              description: 'Digits only, 6 at most; "Masuk" checks the length first.',
              on: {
                'code.type': { actions: { type: 'typeCode', params: ({ event }) => ({ value: event.value }) } },
                'code.submit': [{ guard: 'isCodeComplete', target: 'verifying' }, { actions: 'showCodeRule' }],
              },
            },
            verifying: {
              description: 'customer-login checks the code; the button shows progress.',
              invoke: {
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context }) => ({
                  tipe: context.channel,
                  contact: contactValue(context.channel, context.contact[context.channel]),
                  otp: context.code,
                }),
                onDone: [
                  {
                    guard: { type: 'isOk', params: ({ event }: { event: VerifyDone }) => ({ outcome: event.output }) },
                    target: '#login.done',
                    actions: [
                      {
                        type: 'signIn',
                        params: ({ event }: { event: VerifyDone }) => ({
                          results: (event.output as { results: CustomerLoginResults }).results,
                        }),
                      },
                      'goToRedirect',
                    ],
                  },
                  {
                    // OTP-1..4 and 429: the server's message, the code kept to correct.
                    target: 'editing',
                    actions: {
                      type: 'keepCodeError',
                      params: ({ event }: { event: VerifyDone }) => ({ message: refusalMessage(event.output) }),
                    },
                  },
                ],
                onError: {
                  target: 'editing',
                  actions: { type: 'keepCodeError', params: { message: loginMessages.network } },
                },
              },
            },
          },
        },
        resend: {
          description: 'The resend timer: "Kirim ulang kode dalam 00:45", then "Kirim Ulang Kode".',
          initial: 'waiting',
          states: {
            waiting: {
              description: 'Counts down one second at a time.',
              always: { guard: 'canResendNow', target: 'ready' },
              after: {
                second: [
                  { guard: 'isResendDue', target: 'ready', actions: 'tick' },
                  { target: 'waiting', reenter: true, actions: 'tick' },
                ],
              },
            },
            ready: {
              description: '"Kirim Ulang Kode" is offered.',
              on: { 'code.resend': 'resending' },
            },
            resending: {
              description: 'request-customer-login-alternative sends a new code; the older one stops working.',
              invoke: {
                id: 'resendCode',
                src: 'requestCode',
                input: ({ context }) => ({
                  tipe: context.channel,
                  contact: contactValue(context.channel, context.contact[context.channel]),
                }),
                onDone: [
                  {
                    guard: { type: 'isOk', params: ({ event }: { event: RequestDone }) => ({ outcome: event.output }) },
                    target: 'waiting',
                    actions: {
                      type: 'codeResent',
                      params: ({ event }: { event: RequestDone }) => ({
                        results: (event.output as { results: RequestLoginResults }).results,
                      }),
                    },
                  },
                  {
                    target: 'ready',
                    actions: {
                      type: 'keepCodeError',
                      params: ({ event }: { event: RequestDone }) => ({ message: refusalMessage(event.output) }),
                    },
                  },
                ],
                onError: {
                  target: 'ready',
                  actions: { type: 'keepCodeError', params: { message: loginMessages.network } },
                },
              },
            },
          },
        },
      },
    },
    done: {
      description: 'Signed in: the page goes to the redirect target.',
      type: 'final',
    },
  },
});

export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

/** What the screen shows. */
export type LoginView = 'contact' | 'sending' | 'code' | 'done';

export function loginView(snapshot: LoginSnapshot): LoginView {
  if (snapshot.matches('code')) return 'code';
  if (snapshot.matches('sending')) return 'sending';
  if (snapshot.matches('done')) return 'done';
  return 'contact';
}

export function isVerifying(snapshot: LoginSnapshot): boolean {
  return snapshot.matches({ code: { entry: 'verifying' } });
}

export function isResending(snapshot: LoginSnapshot): boolean {
  return snapshot.matches({ code: { resend: 'resending' } });
}

export function isResendReady(snapshot: LoginSnapshot): boolean {
  return snapshot.matches({ code: { resend: 'ready' } });
}
