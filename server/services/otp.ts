/**
 * Sign-in by a one-time code (request-customer-login-alternative, customer-login). A code is 6
 * random digits kept as an HMAC under a secret every process on the database shares; it lives
 * OTP.ttlSeconds, allows OTP.maxAttempts wrong tries and is used once. Every rule is decided in
 * the database (conditional updates, an advisory lock per address), so it holds across processes.
 */
import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  ACCOUNT_MESSAGE,
  OTP,
  normalizePhone,
  type CustomerLoginResults,
  type CustomerProfilResults,
  type LoginChannel,
  type RequestLoginResults,
} from '../../contract';
import type { Database } from '../db/client';
import { customers, otpChallenges } from '../db/schema';
import { ApiError } from './errors';
import { maskAddress, otpText, type OtpSender } from './otp-delivery';
import type { RateLimiter } from './rate-limit';
import { createSession } from './sessions';

export interface Contact {
  channel: LoginChannel;
  /** The normalised phone (08…) or lower-case email. */
  address: string;
}

/** The contact a request names: phones kept as 08…, emails in lower case. */
export function contactOf(input: {
  tipe: LoginChannel;
  telp?: string | undefined;
  email?: string | undefined;
}): Contact {
  if (input.tipe === 'telp') return { channel: 'telp', address: normalizePhone(input.telp ?? '') };
  return { channel: 'email', address: (input.email ?? '').trim().toLowerCase() };
}

/** A tujuan typed by a tester: an email when it holds an @, else a phone. */
export function contactOfAddress(raw: string): Contact {
  const value = raw.trim();
  return value.includes('@')
    ? { channel: 'email', address: value.toLowerCase() }
    : { channel: 'telp', address: normalizePhone(value) };
}

export const tooManyCodes = () => new ApiError(429, 'REQ-2', ACCOUNT_MESSAGE.otpTooMany);
export const tooManyLogins = () => new ApiError(429, 'REQ-2', ACCOUNT_MESSAGE.loginTooMany);

export interface OtpDeps {
  db: Database;
  /** The HMAC key of stored codes. */
  secret: () => Promise<string>;
  sender: OtpSender;
}

function codeHash(secret: string, contact: Contact, code: string): string {
  return createHmac('sha256', secret).update(`${contact.channel}:${contact.address}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A 64-bit advisory lock key per address: code requests for one address queue, others do not. */
function lockKey(contact: Contact): string {
  return createHash('sha256').update(`otp:${contact.channel}:${contact.address}`).digest().readBigInt64BE(0).toString();
}

function newCode(): string {
  return String(randomInt(0, 10 ** OTP.length)).padStart(OTP.length, '0');
}

/**
 * Issues and sends a new code. Refused within OTP.resendSeconds of the previous one (429 with the
 * seconds left) and when the address has used up its codes (`perAddress`). Earlier unused codes
 * of the address stop working.
 */
export async function requestCode(
  deps: OtpDeps,
  contact: Contact,
  ctx: { now: Date; perAddress: RateLimiter },
): Promise<RequestLoginResults> {
  const secret = await deps.secret();
  const code = newCode();
  const { now } = ctx;
  const challengeId = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${lockKey(contact)}::bigint)`);
    const [last] = await tx
      .select({ createdAt: otpChallenges.createdAt })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.channel, contact.channel), eq(otpChallenges.address, contact.address)))
      .orderBy(desc(otpChallenges.createdAt), desc(otpChallenges.id))
      .limit(1);
    if (last) {
      const waitMs = last.createdAt.getTime() + OTP.resendSeconds * 1000 - now.getTime();
      if (waitMs > 0) throw new ApiError(429, 'REQ-2', ACCOUNT_MESSAGE.otpWait(Math.ceil(waitMs / 1000)));
    }
    if (!(await ctx.perAddress.take(`${contact.channel}:${contact.address}`))) throw tooManyCodes();
    await tx
      .update(otpChallenges)
      .set({ expiresAt: now })
      .where(
        and(
          eq(otpChallenges.channel, contact.channel),
          eq(otpChallenges.address, contact.address),
          isNull(otpChallenges.consumedAt),
          gt(otpChallenges.expiresAt, now),
        ),
      );
    const [row] = await tx
      .insert(otpChallenges)
      .values({
        channel: contact.channel,
        address: contact.address,
        codeHash: codeHash(secret, contact, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP.ttlSeconds * 1000),
      })
      .returning({ id: otpChallenges.id });
    if (!row) throw new Error('otp challenge not inserted');
    return row.id;
  });
  try {
    await deps.sender.send({ ...contact, code, text: otpText(code), at: now });
  } catch (error) {
    // A code that never left must not hold the resend timer.
    await deps.db.delete(otpChallenges).where(eq(otpChallenges.id, challengeId));
    throw error;
  }
  return {
    tipe: contact.channel,
    tujuan: maskAddress(contact.channel, contact.address),
    berlaku_detik: OTP.ttlSeconds,
    kirim_ulang_detik: OTP.resendSeconds,
    panjang_kode: OTP.length,
  };
}

interface ChallengeState {
  id: number;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  consumedAt: Date | null;
}

/** Why a code that is not live any more is refused; null while it still is. */
function refusal(challenge: ChallengeState, now: Date): ApiError | null {
  if (challenge.consumedAt) return new ApiError(422, 'OTP-3', ACCOUNT_MESSAGE.otpUsed);
  if (challenge.attempts >= OTP.maxAttempts) return new ApiError(422, 'OTP-4', ACCOUNT_MESSAGE.otpTooManyAttempts);
  if (challenge.expiresAt.getTime() <= now.getTime()) return new ApiError(422, 'OTP-2', ACCOUNT_MESSAGE.otpExpired);
  return null;
}

/** The conditions under which a code may still be tried, for the conditional updates. */
const live = (id: number, now: Date) =>
  and(
    eq(otpChallenges.id, id),
    isNull(otpChallenges.consumedAt),
    lt(otpChallenges.attempts, OTP.maxAttempts),
    gt(otpChallenges.expiresAt, now),
  );

async function reload(db: Database, id: number): Promise<ChallengeState | undefined> {
  const [row] = await db.select().from(otpChallenges).where(eq(otpChallenges.id, id));
  return row;
}

export interface LoginInput {
  otp: string;
  platform: string | null;
  pushToken: string | null;
  now: Date;
}

/**
 * Checks the newest code of the contact and, when it matches, uses it up, finds or creates the
 * customer and opens a session, all in one transaction: two logins racing with one code give one
 * session. `profileOf` reads the profile the reply carries.
 */
export async function loginWithCode(
  deps: OtpDeps,
  contact: Contact,
  input: LoginInput,
  profileOf: (customerId: number) => Promise<CustomerProfilResults>,
): Promise<CustomerLoginResults> {
  const { db } = deps;
  const { now } = input;
  const [challenge] = await db
    .select()
    .from(otpChallenges)
    .where(and(eq(otpChallenges.channel, contact.channel), eq(otpChallenges.address, contact.address)))
    .orderBy(desc(otpChallenges.createdAt), desc(otpChallenges.id))
    .limit(1);
  if (!challenge) throw new ApiError(422, 'OTP-2', ACCOUNT_MESSAGE.otpNotRequested);
  const refused = refusal(challenge, now);
  if (refused) throw refused;

  const secret = await deps.secret();
  if (!sameHash(codeHash(secret, contact, input.otp), challenge.codeHash)) {
    const [counted] = await db
      .update(otpChallenges)
      .set({ attempts: sql`${otpChallenges.attempts} + 1` })
      .where(live(challenge.id, now))
      .returning({ attempts: otpChallenges.attempts });
    if (!counted) throw refusalAfterRace(await reload(db, challenge.id), now);
    throw new ApiError(422, 'OTP-1', ACCOUNT_MESSAGE.otpWrong(OTP.maxAttempts - counted.attempts));
  }

  const opened = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(otpChallenges)
      .set({ consumedAt: now })
      .where(live(challenge.id, now))
      .returning({ id: otpChallenges.id });
    if (!used) return null;
    const contactColumn = contact.channel === 'telp' ? customers.phone : customers.email;
    const [created] = await tx
      .insert(customers)
      .values(contact.channel === 'telp' ? { phone: contact.address } : { email: contact.address })
      .onConflictDoNothing()
      .returning({ id: customers.id });
    let customerId = created?.id;
    if (customerId === undefined) {
      const [found] = await tx.select({ id: customers.id }).from(customers).where(eq(contactColumn, contact.address));
      if (!found) throw new Error('customer missing after insert');
      customerId = found.id;
    }
    const session = await createSession(tx, {
      customerId,
      platform: input.platform,
      pushToken: input.pushToken,
      now,
    });
    return { customerId, isNew: created !== undefined, ...session };
  });
  if (!opened) throw refusalAfterRace(await reload(db, challenge.id), now);

  return {
    token: opened.token,
    kedaluwarsa: opened.expiresAt.toISOString(),
    pelanggan_baru: opened.isNew,
    profil: await profileOf(opened.customerId),
  };
}

/** Another request changed the code between our read and our update: say what it became. */
function refusalAfterRace(challenge: ChallengeState | undefined, now: Date): ApiError {
  if (!challenge) return new ApiError(422, 'OTP-2', ACCOUNT_MESSAGE.otpNotRequested);
  return refusal(challenge, now) ?? new ApiError(422, 'OTP-3', ACCOUNT_MESSAGE.otpUsed);
}
