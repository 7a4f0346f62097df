/**
 * Personal data never enters a support trace: names, phone numbers, emails, one-time codes and
 * tokens are replaced before a step is stored. The replacement is a per-trace substitution of
 * letters and digits (the key is drawn when recording starts and never leaves the page), so a
 * placeholder keeps the length and the kind of every character: the machines' rules (letters
 * only, 9 to 15 digits, the `62` phone prefix, trimming) treat it exactly as they treated the
 * original, and a replay of the masked events reaches the masked snapshots.
 */

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** 0, 2 and 6 stay: phone rules read the `0`, `62` and `+62` prefixes. */
const FIXED_DIGITS = new Set(['0', '2', '6']);
const MOVING_DIGITS = '1345789';

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
  'komentar_donasi',
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

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Sattolo's shuffle: one cycle, so no character stays itself. */
function cycle(alphabet: string, random: () => number): Map<string, string> {
  const items = alphabet.split('');
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * i);
    const swap = items[i] as string;
    items[i] = items[j] as string;
    items[j] = swap;
  }
  return new Map(alphabet.split('').map((char, index) => [char, items[index] as string]));
}

export interface PersonalDataMaskOptions {
  /** Fixed in tests; drawn at random in the app. */
  seed?: number;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export class PersonalDataMask {
  private readonly letters: Map<string, string>;
  private readonly digits: Map<string, string>;
  /** Personal values seen so far, longest first, to find them inside other texts. */
  private embedded: string[] = [];
  private readonly known = new Set<string>();

  constructor(options: PersonalDataMaskOptions = {}) {
    const random = mulberry32(options.seed ?? Math.floor(Math.random() * 2 ** 32));
    this.letters = cycle(LETTERS, random);
    const moving = cycle(MOVING_DIGITS, random);
    this.digits = new Map(
      '0123456789'.split('').map((digit) => [digit, FIXED_DIGITS.has(digit) ? digit : (moving.get(digit) ?? digit)]),
    );
  }

  /** The placeholder of one text: every letter and digit substituted, everything else kept. */
  placeholder(text: string): string {
    let out = '';
    for (const char of text) {
      const lower = char.toLowerCase();
      const letter = this.letters.get(lower);
      if (letter !== undefined) out += char === lower ? letter : letter.toUpperCase();
      else out += this.digits.get(char) ?? char;
    }
    return out;
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
