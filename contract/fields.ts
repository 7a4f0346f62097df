import { z } from 'zod';

/**
 * Field rules of spec section 5, once. Messages are the spec's Indonesian texts, verbatim.
 * Machines use the `messages` and the helpers; the server and forms use the schemas.
 */
export const FIELD_LIMITS = {
  nameMin: 3,
  nameMax: 32,
  bookerNameMax: 32,
  emailMax: 32,
  phoneMin: 9,
  phoneMax: 15,
  /** The spec's 16-digit allowance: a 16th digit is accepted while typing and trimmed to 15. */
  phoneAllowance: 16,
  donationMessageMax: 120,
  /** Spec section 9: passengers per leg (seat layouts may lower it with maks_penumpang). */
  maxPassengersPerLeg: 3,
} as const;

export const messages = {
  required: 'Harap isi',
  lettersOnly: 'Hanya abjad yang boleh digunakan',
  passengerNameLength: 'Masukan min 3 karakter, maksimal 32 karakter',
  passengerNameTypingMax: 'Masukan maksimal 32 digit abjad',
  passengerNameGeneric: 'Harap isi nama penumpang',
  maxChars32: 'Jumlah maksimal 32 karakter',
  emailFormat: 'Format email tidak valid',
  digitsOnly: 'Hanya angka yang boleh digunakan',
  phoneMax: 'Jumlah maksimal 15 digit angka',
  phoneLength: 'Masukan min 9 & max 15 digit angka',
  donationMessageMax: 'Maksimal karakter hanya 120',
} as const;

const LETTERS_AND_SPACES = /^[A-Za-z ]+$/;
const NOT_LETTER_OR_SPACE = /[^A-Za-z ]/g;
const DIGITS = /^[0-9]+$/;
const NOT_DIGIT = /[^0-9]/g;
const NOT_EMAIL_CHAR = /[^A-Za-z0-9@._-]/g;
// Deliberately plain: one @, a dot in the domain, no spaces (the stripped alphabet already holds).
const EMAIL_FORMAT = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

export const PassengerNameSchema = z
  .string({ error: messages.passengerNameGeneric })
  .trim()
  .min(1, messages.required)
  .regex(LETTERS_AND_SPACES, messages.lettersOnly)
  .min(FIELD_LIMITS.nameMin, messages.passengerNameLength)
  .max(FIELD_LIMITS.nameMax, messages.passengerNameLength);

export const BookerNameSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .regex(LETTERS_AND_SPACES, messages.lettersOnly)
  .max(FIELD_LIMITS.bookerNameMax, messages.maxChars32);

export const EmailSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(FIELD_LIMITS.emailMax, messages.maxChars32)
  .regex(EMAIL_FORMAT, messages.emailFormat);

export const PhoneSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .regex(DIGITS, messages.digitsOnly)
  .max(FIELD_LIMITS.phoneMax, messages.phoneMax)
  .min(FIELD_LIMITS.phoneMin, messages.phoneLength);

export const DonationMessageSchema = z.string().max(FIELD_LIMITS.donationMessageMax, messages.donationMessageMax);

/** First failing message of a schema, or null when valid. */
export function firstError(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? messages.required);
}

export interface TypingResult {
  value: string;
  error: string | null;
}

/** Passenger name while typing: empty clears, non-letters stripped, over 32 cut. */
export function typePassengerName(raw: string): TypingResult {
  if (raw === '') return { value: '', error: null };
  const letters = raw.replace(NOT_LETTER_OR_SPACE, '');
  if (letters !== raw) return { value: letters.slice(0, FIELD_LIMITS.nameMax), error: messages.lettersOnly };
  if (letters.length > FIELD_LIMITS.nameMax) {
    return { value: letters.slice(0, FIELD_LIMITS.nameMax), error: messages.passengerNameTypingMax };
  }
  return { value: letters, error: null };
}

/** Booker name while typing: same stripping, its own max message. */
export function typeBookerName(raw: string): TypingResult {
  if (raw === '') return { value: '', error: null };
  const letters = raw.replace(NOT_LETTER_OR_SPACE, '');
  if (letters !== raw) return { value: letters.slice(0, FIELD_LIMITS.bookerNameMax), error: messages.lettersOnly };
  if (letters.length > FIELD_LIMITS.bookerNameMax) {
    return { value: letters.slice(0, FIELD_LIMITS.bookerNameMax), error: messages.maxChars32 };
  }
  return { value: letters, error: null };
}

/** Phone while typing: digits only; the 16-digit allowance is trimmed to 15. */
export function typePhone(raw: string): TypingResult {
  if (raw === '') return { value: '', error: null };
  const digits = raw.replace(NOT_DIGIT, '');
  if (digits !== raw) return { value: digits.slice(0, FIELD_LIMITS.phoneMax), error: messages.digitsOnly };
  if (digits.length > FIELD_LIMITS.phoneMax) {
    const error = digits.length > FIELD_LIMITS.phoneAllowance ? messages.phoneMax : null;
    return { value: digits.slice(0, FIELD_LIMITS.phoneMax), error };
  }
  return { value: digits, error: null };
}

/** Email while typing: characters other than letters, digits and @ . _ - are stripped; max 32. */
export function typeEmail(raw: string): TypingResult {
  const cleaned = raw.replace(NOT_EMAIL_CHAR, '').slice(0, FIELD_LIMITS.emailMax);
  return { value: cleaned, error: null };
}

/** Donation message: cut on overflow with its message. */
export function typeDonationMessage(raw: string): TypingResult {
  if (raw.length > FIELD_LIMITS.donationMessageMax) {
    return { value: raw.slice(0, FIELD_LIMITS.donationMessageMax), error: messages.donationMessageMax };
  }
  return { value: raw, error: null };
}
