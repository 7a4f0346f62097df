/**
 * The card form's rules, checked in the page before anything is sent: the number by its length and
 * check digit (Luhn), the expiry as BB/TT not in the past (a card is valid through its whole month),
 * the CVV as 3 or 4 digits. The gateway checks again; these catch typing slips at once.
 */

export interface CardFields {
  number: string;
  expiry: string;
  cvv: string;
}

export interface CardErrors {
  number: string | null;
  expiry: string | null;
  cvv: string | null;
}

export interface ReadCard {
  number: string;
  month: number;
  year: number;
  cvv: string;
}

export const CARD_INPUT_MESSAGE = {
  numberRequired: 'Nomor kartu wajib diisi',
  numberInvalid: 'Nomor kartu tidak valid. Periksa lagi angkanya',
  expiryRequired: 'Masa berlaku wajib diisi',
  expiryInvalid: 'Masa berlaku ditulis BB/TT, misalnya 08/29',
  expiryPast: 'Kartu ini sudah melewati masa berlakunya',
  cvvRequired: 'CVV wajib diisi',
  cvvInvalid: 'CVV terdiri dari 3 atau 4 angka di balik kartu',
} as const;

const digitsOf = (text: string) => text.replace(/[\s-]/g, '');

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** `4811111111111114` -> `4811 1111 1111 1114` while typing; other characters are dropped. */
export function formatCardNumber(text: string): string {
  return text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** `1229` -> `12/29` while typing. */
export function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The card as the gateway takes it, or the message of each field that is wrong. */
export function readCard(
  fields: CardFields,
  today: { year: number; month: number },
): { card: ReadCard; errors: null } | { card: null; errors: CardErrors } {
  const number = digitsOf(fields.number);
  const numberError = !number
    ? CARD_INPUT_MESSAGE.numberRequired
    : !/^\d{12,19}$/.test(number) || !passesLuhn(number)
      ? CARD_INPUT_MESSAGE.numberInvalid
      : null;

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(fields.expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  const rawYear = expiry?.[2] ?? '';
  const year = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
  const expiryError = !fields.expiry.trim()
    ? CARD_INPUT_MESSAGE.expiryRequired
    : !expiry || month < 1 || month > 12
      ? CARD_INPUT_MESSAGE.expiryInvalid
      : year < today.year || (year === today.year && month < today.month)
        ? CARD_INPUT_MESSAGE.expiryPast
        : null;

  const cvv = fields.cvv.trim();
  const cvvError = !cvv
    ? CARD_INPUT_MESSAGE.cvvRequired
    : !/^\d{3,4}$/.test(cvv)
      ? CARD_INPUT_MESSAGE.cvvInvalid
      : null;

  if (numberError || expiryError || cvvError)
    return { card: null, errors: { number: numberError, expiry: expiryError, cvv: cvvError } };
  return { card: { number, month, year, cvv }, errors: null };
}
