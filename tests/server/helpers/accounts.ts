import { randomInt } from 'node:crypto';
import { API_BASE, endpoints, type CustomerLoginResults } from '../../../contract';
import type { App } from '../../../server/app';
import { defaultHeaders, ok, userId, type CallOptions } from '../api-support';

/** A phone or an email, as the login form sends it. */
export type Contact = { tipe: 'telp'; telp: string } | { tipe: 'email'; email: string };

/** A phone number no other test uses, so per-number limits and timers never meet (even in a shared Redis). */
export function freshPhone(): string {
  return `0819${String(randomInt(0, 1e8)).padStart(8, '0')}`;
}

export function freshEmail(): string {
  return `uji${randomInt(0, 1e9)}@contoh.id`;
}

export const phoneContact = (telp: string = freshPhone()): Contact => ({ tipe: 'telp', telp });

/**
 * Calls from a client address of their own (guest credentials): the per-client limits on code
 * requests (20 an hour) and sign-ins (30 a minute) then never reach another test.
 */
export function freshClient(): CallOptions {
  return { headers: { ...defaultHeaders(), 'x-forwarded-for': `10.8.${randomInt(0, 256)}.${randomInt(1, 255)}` } };
}

/** The newest code the development outbox holds for a phone or email (demo mode). */
export async function latestCode(app: App, address: string, options: CallOptions = {}): Promise<string> {
  const outbox = await ok(app, 'demoOtpOutbox', { tujuan: address }, options);
  const code = outbox.list[0]?.kode;
  if (!code) throw new Error(`no code in the outbox for ${address}`);
  return code;
}

export const addressOf = (contact: Contact): string => (contact.tipe === 'telp' ? contact.telp : contact.email);

/** Asks for a code and answers it, read from the outbox. */
export async function requestCode(app: App, contact: Contact, options: CallOptions = freshClient()): Promise<string> {
  await ok(app, 'requestCustomerLoginAlternative', contact, options);
  return latestCode(app, addressOf(contact), options);
}

/**
 * The whole sign-in through app.request(): code request, development outbox, login. One contact
 * may ask for a new code only 60 s after the last: sign the same contact in again on an app whose
 * clock (deps.now) has moved on, or use the session you already have.
 */
export async function signInFully(
  app: App,
  contact: Contact = phoneContact(),
  options: CallOptions = freshClient(),
): Promise<CustomerLoginResults> {
  const otp = await requestCode(app, contact, options);
  return ok(app, 'customerLogin', { ...contact, auth: 'otp', otp }, options);
}

/** Signs a phone or email in (creating the account when new) and answers the bearer token. */
export async function signIn(
  app: App,
  contact: Contact = phoneContact(),
  options: CallOptions = freshClient(),
): Promise<string> {
  return (await signInFully(app, contact, options)).token;
}

/** A raw request with a bearer token, for checking headers the contract call hides. */
export function bearerRequest(
  app: App,
  name: keyof typeof endpoints,
  token: string,
  extra: Record<string, string> = {},
) {
  const endpoint = endpoints[name];
  return app.request(`${API_BASE}${endpoint.path}`, {
    method: endpoint.method,
    headers: {
      'x-user-id': userId(),
      authorization: `Bearer ${token}`,
      ...(endpoint.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...extra,
    },
    ...(endpoint.method === 'POST' ? { body: '{}' } : {}),
  });
}
