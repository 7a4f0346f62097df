import { DEFAULT_BASIC_CREDENTIALS } from '../../contract/platform';
import {
  SUPPORT_CODE_PATTERN,
  SUPPORT_MESSAGE,
  TRACE_RETENTION_DAYS,
  TraceDocumentSchema,
  type TraceDocument,
} from '../../contract/support';
import { createApiClient, isApiError } from '../api/client';

/**
 * Where a support trace comes from (a CS code read from the API, or a JSON file) and, when it
 * cannot be had, a message in Indonesian that says what happened and what to do next. The CLI
 * (`npm run replay`) and the replay screen share the causes; the next step differs, since the CLI
 * is set up by its environment (REPLAY_API_URL, SUPPORT_TOKEN) and the screen by the agent's
 * sign-in.
 */

/** The CLI's settings, by the names the person running it types. */
export const REPLAY_SETTINGS = {
  baseUrl: 'REPLAY_API_URL',
  token: 'SUPPORT_TOKEN',
  defaultBaseUrl: 'http://127.0.0.1:3000/api',
} as const;

/**
 * Where the demo's support token is written down. The token itself stays out of this module: the
 * replay screen bundles it, and the web app must never carry a credential production refuses.
 */
const DEMO_TOKEN_HINT = 'mode demo: token akun CS contoh di README, bagian Support traces';

const EXAMPLE_CODE = 'CS-7KQ2XM';
const SEND_AGAIN = 'minta pelanggan menekan "Kirim ke CS" lagi untuk kode baru';
const DOWNLOAD_AGAIN = 'Minta pelanggan mengunduh ulang catatannya ("Unduh JSON"), atau buka dengan kode CS.';

/** Why a trace could not be had. */
export type TraceReadCause =
  | 'unreachable'
  | 'wrongAddress'
  | 'tokenRefused'
  | 'noToken'
  | 'notSupport'
  | 'codeNotFound'
  | 'badCode'
  | 'tooMany'
  | 'fileMissing'
  | 'notJson'
  | 'notTrace';

export class TraceReadError extends Error {
  override readonly name = 'TraceReadError';
  readonly reason: TraceReadCause;

  constructor(reason: TraceReadCause, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** The CLI's messages: each names the cause, then the setting or flag to change. */
export const CLI_READ_MESSAGE = {
  unreachable: (baseUrl: string) =>
    `Aplikasi tidak dapat dihubungi di ${baseUrl}. Jalankan aplikasi (npm start) atau arahkan ` +
    `${REPLAY_SETTINGS.baseUrl} ke alamat API-nya, misalnya ${REPLAY_SETTINGS.baseUrl}=${REPLAY_SETTINGS.defaultBaseUrl}.`,
  wrongAddress: (baseUrl: string, status: number) =>
    `${baseUrl} menjawab (HTTP ${status}), tetapi bukan sebagai API Berangkat. Periksa ` +
    `${REPLAY_SETTINGS.baseUrl}: alamat aplikasi diakhiri /api, misalnya ` +
    `${REPLAY_SETTINGS.baseUrl}=${REPLAY_SETTINGS.defaultBaseUrl}.`,
  tokenRefused:
    `Token CS ditolak: server tidak mengenal ${REPLAY_SETTINGS.token} ini (salah ketik, kedaluwarsa, atau ` +
    `dicabut). Isi ${REPLAY_SETTINGS.token} dengan token akun CS yang masih berlaku ` +
    `(${DEMO_TOKEN_HINT}).`,
  noToken:
    `Server meminta akun CS, tetapi ${REPLAY_SETTINGS.token} kosong. Isi ${REPLAY_SETTINGS.token} dengan ` +
    `token akun CS (${DEMO_TOKEN_HINT}).`,
  notSupport:
    `Token di ${REPLAY_SETTINGS.token} milik akun pelanggan, bukan akun CS: hanya tim CS yang boleh ` +
    `membuka catatan. Isi ${REPLAY_SETTINGS.token} dengan token akun CS.`,
  codeNotFound: (code: string) =>
    `Kode ${code} tidak ditemukan atau sudah kedaluwarsa (catatan disimpan ${TRACE_RETENTION_DAYS} hari). ` +
    `Periksa kode dengan pelanggan, atau ${SEND_AGAIN}.`,
  badCode: (code: string) =>
    `"${code}" bukan kode CS: kode terdiri dari CS- dan 6 huruf atau angka, misalnya ${EXAMPLE_CODE}. ` +
    'Periksa kode dengan pelanggan.',
  tooMany: (message: string) => `${message}. Tunggu sebentar, lalu jalankan perintah ini lagi.`,
  fileMissing: (file: string) =>
    `Berkas ${file} tidak ditemukan. Periksa jalurnya, atau beri kode CS (misalnya ${EXAMPLE_CODE}) ` +
    'untuk membaca catatan dari aplikasi.',
  notJson: (file: string) => `Berkas ${file} bukan JSON yang utuh (terpotong atau bukan catatan). ${DOWNLOAD_AGAIN}`,
  notTrace: (file: string, detail: string) => `Berkas ${file} bukan catatan Berangkat (${detail}). ${DOWNLOAD_AGAIN}`,
} as const;

/** The replay screen's messages: the agent is signed in here, so the next step is theirs. */
export const SCREEN_READ_MESSAGE = {
  unreachable: 'Server aplikasi tidak dapat dihubungi. Periksa koneksi internet kamu, lalu tekan Buka lagi.',
  wrongAddress: (status: number) =>
    `Server menjawab (HTTP ${status}), tetapi bukan sebagai API Berangkat. Muat ulang halaman lalu coba ` +
    'lagi; bila tetap, laporkan ke tim teknis.',
  tokenRefused: 'Sesi akun CS kamu sudah berakhir. Masuk lagi dengan akun CS, lalu buka kode ini lagi.',
  notSupport: `${SUPPORT_MESSAGE.notSupport}. Kamu masuk dengan akun pelanggan: keluar, lalu masuk dengan akun CS.`,
  codeNotFound: (code: string) =>
    `${SUPPORT_MESSAGE.notFound}: ${code} (catatan disimpan ${TRACE_RETENTION_DAYS} hari). Periksa kode ` +
    `dengan pelanggan, atau ${SEND_AGAIN}.`,
  badCode: `${SUPPORT_MESSAGE.badCode}: kode terdiri dari CS- dan 6 huruf atau angka, misalnya ${EXAMPLE_CODE}.`,
  tooMany: (message: string) => `${message}.`,
  notJson: (file: string) => `Berkas ${file} bukan JSON yang utuh (terpotong atau bukan catatan). ${DOWNLOAD_AGAIN}`,
  notTrace: (file: string, detail: string) => `Berkas ${file} bukan catatan Berangkat (${detail}). ${DOWNLOAD_AGAIN}`,
} as const;

/** A JSON text as a trace, or the reason it is none (the first rule it breaks, with its path). */
export function parseTraceText(
  file: string,
  text: string,
  messages: Pick<typeof CLI_READ_MESSAGE, 'notJson' | 'notTrace'> = CLI_READ_MESSAGE,
): TraceDocument {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new TraceReadError('notJson', messages.notJson(file));
  }
  const parsed = TraceDocumentSchema.safeParse(json);
  if (!parsed.success) {
    // The first field that breaks the format, by its path: zod's own words are English.
    const path = parsed.error.issues[0]?.path.join('.') ?? '';
    throw new TraceReadError(
      'notTrace',
      messages.notTrace(file, path ? `kolom ${path} tidak sesuai` : 'bentuknya tidak dikenal'),
    );
  }
  return parsed.data;
}

/** `CS-…` typed by a person: upper case, no spaces around. */
export const normalizedCode = (source: string): string => source.trim().toUpperCase();

/** Looks like a CS code (even a mistyped one) rather than a file name. */
export const looksLikeCode = (source: string): boolean => /^CS-/i.test(source.trim()) && !/\.json$/i.test(source);

/** What a failed read of `code` means, `hasToken` telling a refused token from none at all. */
function readFailure(error: unknown, hasToken: boolean): { cause: TraceReadCause; status: number; message: string } {
  if (!isApiError(error)) return { cause: 'unreachable', status: 0, message: '' };
  const { status, code: errorCode, message } = error;
  if (errorCode === 'NETWORK') return { cause: 'unreachable', status, message };
  if (errorCode === 'BAD_REPLY') return { cause: 'wrongAddress', status, message };
  // A token the server does not know is refused (AUT-3) and the call repeated as a guest: 401.
  if (status === 401) return { cause: hasToken ? 'tokenRefused' : 'noToken', status, message };
  if (status === 403) return { cause: 'notSupport', status, message };
  // The API's own 404 for a code it does not keep; any other 404 is an address that is no route.
  if (status === 404 && message === SUPPORT_MESSAGE.notFound) return { cause: 'codeNotFound', status, message };
  // The code's format, checked by the contract before the call (REQ-1) or by the server (400).
  if (errorCode === 'REQ-1' || status === 400) return { cause: 'badCode', status, message };
  if (status === 429) return { cause: 'tooMany', status, message };
  return { cause: 'wrongAddress', status, message };
}

export interface ReadByCodeOptions {
  baseUrl: string;
  /** Empty: no token set. */
  token: string;
  fetch?: typeof fetch;
}

/** The CLI: a trace by its CS code from the API, or a TraceReadError with the CLI's message. */
export async function readTraceByCode(source: string, options: ReadByCodeOptions): Promise<TraceDocument> {
  const code = normalizedCode(source);
  if (!SUPPORT_CODE_PATTERN.test(code)) throw new TraceReadError('badCode', CLI_READ_MESSAGE.badCode(source.trim()));
  const client = createApiClient({
    baseUrl: options.baseUrl,
    getPlatform: () => 'WEB',
    getToken: () => (options.token === '' ? null : options.token),
    credentials: DEFAULT_BASIC_CREDENTIALS,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  try {
    return (await client.request('supportTraceRead', { kode: code })).trace;
  } catch (error) {
    const failure = readFailure(error, options.token !== '');
    throw new TraceReadError(failure.cause, cliMessage(failure, code, options.baseUrl));
  }
}

function cliMessage(
  failure: { cause: TraceReadCause; status: number; message: string },
  code: string,
  baseUrl: string,
) {
  switch (failure.cause) {
    case 'unreachable':
      return CLI_READ_MESSAGE.unreachable(baseUrl);
    case 'tokenRefused':
      return CLI_READ_MESSAGE.tokenRefused;
    case 'noToken':
      return CLI_READ_MESSAGE.noToken;
    case 'notSupport':
      return CLI_READ_MESSAGE.notSupport;
    case 'codeNotFound':
      return CLI_READ_MESSAGE.codeNotFound(code);
    case 'badCode':
      return CLI_READ_MESSAGE.badCode(code);
    case 'tooMany':
      return CLI_READ_MESSAGE.tooMany(failure.message);
    default:
      return CLI_READ_MESSAGE.wrongAddress(baseUrl, failure.status);
  }
}

/** The screen: what to tell the agent when reading `code` failed. */
export function screenReadMessage(error: unknown, code: string): string {
  const failure = readFailure(error, true);
  switch (failure.cause) {
    case 'unreachable':
      return SCREEN_READ_MESSAGE.unreachable;
    case 'tokenRefused':
    case 'noToken':
      return SCREEN_READ_MESSAGE.tokenRefused;
    case 'notSupport':
      return SCREEN_READ_MESSAGE.notSupport;
    case 'codeNotFound':
      return SCREEN_READ_MESSAGE.codeNotFound(normalizedCode(code));
    case 'badCode':
      return SCREEN_READ_MESSAGE.badCode;
    case 'tooMany':
      return SCREEN_READ_MESSAGE.tooMany(failure.message);
    default:
      return SCREEN_READ_MESSAGE.wrongAddress(failure.status);
  }
}
