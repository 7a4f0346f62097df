import { fromHex, HmacSha256, sha256, toHex } from './keyed-hash';

/**
 * Personal data never enters a support trace: names, phone numbers, emails, one-time codes and
 * tokens are replaced before a step is stored, by keyed pseudonyms. The key is 32 random bytes
 * drawn when recording starts; it stays in the tab (sessionStorage, beside the trace, so a reload
 * keeps the same pseudonyms) and is never part of a trace.
 *
 * Kept, because the machines' rules read it: the length, each character's kind (letter, digit,
 * anything else), the case of each letter, every character that is neither a letter nor a digit
 * (spaces, `@`, `.`, `-`, `+`, `*`) at its place, and a phone's prefix (`0`, `62`; a `+`
 * before it is kept as any sign is). So trimming, "letters only", 9 to 15 digits, `62` -> `0`,
 * the email's shape and cutting to a maximum treat the pseudonym as they treated the value.
 * Not kept: which letter or digit it was (a letter beyond ASCII, which the rules count as "other",
 * becomes `•`). Each letter is drawn from an HMAC of the key and all the letters before it in the
 * value (digits likewise, after the prefix), so the same value gives the same pseudonym all through
 * the trace, a value typed one key at a time gives pseudonyms that
 * extend one another, and nothing learnt from one value (a common domain such as gmail.com) says
 * anything about another: without the key no letter can be recovered.
 * Never kept: a character at its own place, and a 4-character piece of any personal value known
 * when the letter is drawn (the pseudonym is moved to the next letter or digit instead).
 */

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
/** The phone prefixes the rules read (`62` -> `0`), kept as typed. */
const PHONE_PREFIX = /^(?:62|0)/;
/** Length of the pieces a pseudonym never shares with a known personal value. */
const PIECE = 4;
/** A kept channel word before a contact (`telp:0812…`): the login chart writes it, not the customer. */
const CHANNEL_PREFIX = /^(?:telp|email):/;

/** Keys whose string values (or every string below them) are personal wherever they appear. */
const PERSONAL_KEYS = new Set([
  'bookerName',
  'firstLegNames',
  'passengers',
  'booker',
  'phone',
  'telp',
  'email',
  'contact',
  'sentTo',
  'sentContact',
  'otp',
  'token',
  'holdToken',
  'hold_token',
  'auth',
  'kunci_pesanan',
  'orderKey',
  'pemesan_nama',
  'pemesan_telp',
  'pemesan_email',
  'pemesan_email_telp',
  'penumpang_nama',
  'passengerName',
  'komentar_donasi',
  'donationMessage',
  'profil',
  // A hash of the booking with the real names: kept as a placeholder, left out of comparisons.
  'reservationFingerprint',
]);

/**
 * `name` and `nama` are personal in a person's record (beside a phone, an email, a seat number or
 * a field's error), not in a route's, a floor's or an operator's.
 */
const PERSON_SIBLINGS: Readonly<Record<string, readonly string[]>> = {
  name: ['phone', 'email', 'error'],
  nama: ['telp', 'email', 'jenis_kelamin', 'tanggal_lahir', 'kursi'],
  // Where a one-time code went (0812****7890): beside the code's length, not a route's destination.
  tujuan: ['panjang_kode', 'kirim_ulang_detik'],
};

/** Machine words, never personal: event types and state values are left as they are. */
const MACHINE_KEYS = new Set(['type', 'value', 'historyValue', 'src', 'systemId', 'status']);

/** Validation messages sit under these keys: machine texts, never personal. */
const isMessageKey = (key: string) => key === 'errors' || /error$/i.test(key);

/** Events whose typed `value` (or `text`) is personal, by type. */
const PERSONAL_EVENT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'booker.type': ['value'],
  'passenger.type': ['value'],
  'contact.type': ['value'],
  'code.type': ['value'],
  'lookup.change': ['value'],
  'donation.message': ['text'],
};

/** Per machine: context keys that are personal there only (the login's `code` is the OTP). */
const PERSONAL_KEYS_BY_LANE: Readonly<Record<string, readonly string[]>> = {
  login: ['code'],
};

/** A donation's message is free text a customer wrote. */
const PERSONAL_CHILD_KEYS: Readonly<Record<string, readonly string[]>> = { donation: ['message'] };

/** Shortest known personal value looked for inside other texts (shorter ones match too much). */
const MIN_EMBEDDED_TEXT = 4;
const MIN_EMBEDDED_DIGITS = 8;

export interface PersonalDataMaskOptions {
  /** The trace's key, hex (kept in the tab across a reload); drawn at random when absent. */
  key?: string;
  /** Fixed in tests: the key is derived from it. */
  seed?: number;
}

function drawKey(options: PersonalDataMaskOptions): Uint8Array {
  const kept = options.key === undefined ? null : fromHex(options.key);
  if (kept && kept.length >= 16) return kept;
  if (options.seed !== undefined) return sha256(new TextEncoder().encode(`trace-seed:${options.seed}`));
  return crypto.getRandomValues(new Uint8Array(32));
}

const isLetter = (char: string) => /^[A-Za-z]$/.test(char);
/** A letter, mark or digit beyond ASCII (é, ğ, a name in another script): ASCII ones are drawn. */
const OTHER_LETTER = /^[\p{L}\p{M}\p{N}]$/u;
const HIDDEN = '•';
const isDigit = (char: string) => /^[0-9]$/.test(char);

/** Every 4-character piece of a text, lower case. */
function piecesOf(text: string): string[] {
  const lower = text.toLowerCase();
  const pieces: string[] = [];
  for (let start = 0; start + PIECE <= lower.length; start += 1) pieces.push(lower.slice(start, start + PIECE));
  return pieces;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export class PersonalDataMask {
  private readonly hmac: HmacSha256;
  /** The key as kept in the tab (hex). */
  readonly key: string;
  /** Personal values seen so far, longest first, to find them inside other texts. */
  private embedded: string[] = [];
  private readonly known = new Set<string>();
  /** 4-character pieces of every personal value seen, its letters alone and its digits alone too. */
  private readonly forbidden = new Set<string>();
  /** The character drawn for each beginning (kind and the letters or digits so far): drawn once. */
  private readonly drawn = new Map<string, string>();
  private readonly pseudonyms = new Map<string, string>();

  constructor(options: PersonalDataMaskOptions = {}) {
    const key = drawKey(options);
    this.key = toHex(key);
    this.hmac = new HmacSha256(key);
  }

  /** The pseudonym of one text: same shape, letters and digits drawn from the key. */
  placeholder(text: string): string {
    const done = this.pseudonyms.get(text);
    if (done !== undefined) return done;
    this.forbid(text);
    const channel = CHANNEL_PREFIX.exec(text)?.[0] ?? '';
    const digits = text.slice(channel.length).replace(/[^0-9]/g, '');
    const prefix = PHONE_PREFIX.exec(digits)?.[0] ?? '';
    let letterRun = '';
    let letterOut = '';
    let digitRun = '';
    // The kept prefix counts in the pieces checked: `0` and the drawn `857` make `0857`.
    let digitOut = prefix;
    let digitCount = 0;
    let out = channel;
    for (const char of text.slice(channel.length)) {
      if (isLetter(char)) {
        const lower = char.toLowerCase();
        letterRun += lower;
        const next = this.draw('L', LETTERS, letterRun, letterOut);
        letterOut += next;
        out += char === lower ? next : next.toUpperCase();
      } else if (isDigit(char)) {
        digitCount += 1;
        if (digitCount <= prefix.length) {
          out += char;
          continue;
        }
        digitRun += char;
        // Without a prefix the pseudonym must not gain one: its first digit is never 0 or 6.
        const avoid = prefix === '' && digitRun.length === 1 ? '06' : '';
        const next = this.draw(prefix === '' ? 'D' : 'P', DIGITS, digitRun, digitOut, avoid);
        digitOut += next;
        out += next;
      } else if (OTHER_LETTER.test(char)) {
        // The rules know ASCII letters and digits only: any other letter is "other" to them, as `•` is.
        out += HIDDEN.repeat(char.length);
      } else {
        out += char;
      }
    }
    this.pseudonyms.set(text, out);
    return out;
  }

  /**
   * The character standing for the last one of `run` (the letters, or the digits after a phone
   * prefix `P` or without one `D`, so far): an HMAC of the beginning picks among the other
   * characters of its kind; one that would complete a known 4-character piece gives way to the
   * next. Drawn once, so a beginning keeps its pseudonym.
   */
  private draw(kind: 'L' | 'D' | 'P', alphabet: string, run: string, before: string, avoid = ''): string {
    const id = `${kind}${run}`;
    const kept = this.drawn.get(id);
    if (kept !== undefined) return kept;
    const original = alphabet.indexOf(run.slice(-1));
    const others = alphabet.length - 1;
    const mac = this.hmac.sign(id);
    const start = ((mac[0] ?? 0) * 256 + (mac[1] ?? 0)) % others;
    const tail = before.slice(-(PIECE - 1));
    let chosen = '';
    for (let step = 0; step < others; step += 1) {
      // Never the character itself: an offset of 1 to `others` from it.
      const candidate = alphabet[(original + 1 + ((start + step) % others)) % alphabet.length] ?? '';
      if (avoid.includes(candidate)) continue;
      if (chosen === '') chosen = candidate;
      if (tail.length < PIECE - 1 || !this.forbidden.has(tail + candidate)) {
        chosen = candidate;
        break;
      }
    }
    this.drawn.set(id, chosen);
    return chosen;
  }

  /** A personal value's pieces are never drawn again, as written and by kind. */
  private forbid(text: string): void {
    const letters = text.replace(/[^A-Za-z]/g, '');
    const digits = text.replace(/[^0-9]/g, '');
    for (const piece of [...piecesOf(text), ...piecesOf(letters), ...piecesOf(digits)]) this.forbidden.add(piece);
  }

  /**
   * A masked copy of a JSON value (an event, a snapshot, an emitted event) from the machine
   * `lane`: personal values are learnt from their keys, then replaced wherever they occur.
   */
  mask<T>(value: T, lane: string): T {
    const laneKeys = new Set(PERSONAL_KEYS_BY_LANE[lane] ?? []);
    this.learn(value as Json, laneKeys, false, null);
    return this.rewrite(value as Json, laneKeys, false, null) as T;
  }

  /**
   * Learns the personal values of a step (its event, snapshot and emitted events) before any of
   * them is masked, so no pseudonym of the step is drawn before a value it must avoid is known.
   */
  learnStep(event: { type: string }, others: readonly unknown[], lane: string): void {
    const laneKeys = new Set(PERSONAL_KEYS_BY_LANE[lane] ?? []);
    const record = event as unknown as Record<string, Json>;
    for (const field of PERSONAL_EVENT_FIELDS[event.type] ?? []) this.remember(record[field]);
    for (const value of [event, ...others]) this.learn(value as Json, laneKeys, false, null);
  }

  /** Learns an event's typed personal values, then masks it. */
  maskEvent<T extends { type: string }>(event: T, lane: string): T {
    const fields = PERSONAL_EVENT_FIELDS[event.type] ?? [];
    const record = event as unknown as Record<string, Json>;
    for (const field of fields) this.remember(record[field]);
    const masked = this.mask(event, lane) as unknown as Record<string, Json>;
    for (const field of fields) {
      const raw = record[field];
      if (typeof raw === 'string') masked[field] = this.placeholder(raw);
    }
    return masked as unknown as T;
  }

  private remember(value: Json | undefined): void {
    if (typeof value !== 'string' || value === '' || this.known.has(value)) return;
    this.known.add(value);
    this.forbid(value);
    const digitsOnly = /^[0-9+\s-]+$/.test(value);
    if (value.trim().length >= (digitsOnly ? MIN_EMBEDDED_DIGITS : MIN_EMBEDDED_TEXT)) {
      this.embedded.push(value);
      this.embedded.sort((a, b) => b.length - a.length);
    }
  }

  private isPersonal(
    key: string,
    parent: Record<string, Json> | null,
    laneKeys: Set<string>,
    parentKey: string | null,
  ) {
    if (PERSONAL_KEYS.has(key) || laneKeys.has(key)) return true;
    if (parentKey !== null && PERSONAL_CHILD_KEYS[parentKey]?.includes(key)) return true;
    const siblings = PERSON_SIBLINGS[key];
    if (!siblings || parent === null) return false;
    // A floor also has `kursi` (its seat map, an object); a passenger's is a seat number.
    return siblings.some((sibling) => {
      const next = parent[sibling];
      return next !== undefined && (next === null || typeof next !== 'object');
    });
  }

  /** `personal`: every string below is personal; null: below a message key, nothing is. */
  private learn(value: Json, laneKeys: Set<string>, personal: boolean | null, parentKey: string | null): void {
    if (typeof value === 'string') {
      if (personal) this.remember(value);
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) this.learn(item, laneKeys, personal, parentKey);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      this.learn(child, laneKeys, this.childState(key, value, laneKeys, personal, parentKey), key);
    }
  }

  private childState(
    key: string,
    parent: Record<string, Json>,
    laneKeys: Set<string>,
    personal: boolean | null,
    parentKey: string | null,
  ): boolean | null {
    if (personal === null || isMessageKey(key)) return null;
    return personal || this.isPersonal(key, parent, laneKeys, parentKey);
  }

  private rewrite(value: Json, laneKeys: Set<string>, personal: boolean | null, parentKey: string | null): Json {
    if (typeof value === 'string') return personal ? this.placeholder(value) : this.embeddedOut(value);
    if (Array.isArray(value)) return value.map((item) => this.rewrite(item, laneKeys, personal, parentKey));
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, Json> = {};
    for (const [key, child] of Object.entries(value)) {
      const state = this.childState(key, value, laneKeys, personal, parentKey);
      // An event type or a state value is the chart's word, even when a name happens to match it.
      out[key] = !state && MACHINE_KEYS.has(key) ? child : this.rewrite(child, laneKeys, state, key);
    }
    return out;
  }

  /** A machine text or a server message that quotes a personal value gets it replaced. */
  private embeddedOut(text: string): string {
    let out = text;
    for (const known of this.embedded) {
      if (out.includes(known)) out = out.split(known).join(this.placeholder(known));
    }
    return out;
  }
}
