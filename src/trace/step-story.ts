import type { TraceLane } from '../../contract/support';
import { dialogTexts } from '../../machines/booking-context';
import { bookingPlace } from '../../machines/booking-selectors';
import { formatRupiah } from '../lib/format';
import { recordedSnapshots } from './replay';
import type { Json } from './trace-codec';

/**
 * A recorded lane told as the customer's story: one Indonesian sentence per kept step, saying who
 * acted (the customer, the server, the clock or the app itself), which call answered, and what
 * appeared (a dialog, a sheet, a page, a message). The chart's internals stay with each step for
 * the one who asks (the replay screen folds them; the CLI prints them with --rinci).
 *
 * Steps are numbered 1..N in the order kept, without gaps; a step that stands for several recorded
 * ones (clock ticks of the seat hold, folded while recording) says how many.
 */

export type StoryActor = 'customer' | 'server' | 'clock' | 'app';

export const STORY_ACTOR_LABEL: Record<StoryActor, string> = {
  customer: 'Pelanggan',
  server: 'Server',
  clock: 'Waktu',
  app: 'Aplikasi',
};

export interface StoryStep {
  /** 1..N over the lane's kept steps. */
  number: number;
  /** How many recorded steps this one stands for (more than 1 for folded clock ticks). */
  merged: number;
  actor: StoryActor;
  sentence: string;
  /** The API call that answered (its path in the spec), for the server's steps. */
  call: string | null;
  /** What the step made appear or go: a dialog, a sheet, a page, a message. */
  effects: string[];
  /** The chart's own words for the step, for the one who unfolds it. */
  technical: { event: string; target: string; source: string };
}

export interface LaneStory {
  /** Steps dropped from the start to keep the trace small. */
  summarised: number;
  steps: StoryStep[];
}

type Obj = Record<string, Json>;
const isObj = (value: Json | undefined): value is Obj =>
  value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value);
const obj = (value: Json | undefined): Obj => (isObj(value) ? value : {});
const str = (value: Json | undefined): string => (typeof value === 'string' ? value : '');
const num = (value: Json | undefined): number | null => (typeof value === 'number' ? value : null);
const list = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);

/** The invoked call's id (the actor's id in the chart) → the spec's name of the call. */
const CALL_NAMES: Record<string, string> = {
  loadLayout: 'kursi',
  checkPrice: 'cek-harga',
  holdSeats: 'hold-kursi',
  reserve: 'reservasi',
  loadProfile: 'customer-profil',
  loadOrder: 'detail-reservasi',
  refreshOrder: 'detail-reservasi',
  syncOrder: 'detail-reservasi',
  lookupOrder: 'web-detail-reservasi',
  cancelOrder: 'batal-reservasi',
  loadCheckout: 'detail-reservasi dan list-jenis-pembayaran',
  loadInstruction: 'detail-reservasi dan detail-pembayaran',
  changePayment: 'ganti-pembayaran',
  checkPayment: 'cek-status-pembayaran',
  simulatePayment: 'simulasi-bayar',
  payByCard: 'bayar-kartu',
  confirmCard: 'cek-status-pembayaran',
  requestCode: 'request-customer-login-alternative',
  resendCode: 'request-customer-login-alternative',
  verifyCode: 'customer-login',
};

/** The pages a navigation of the flows leads to, by the spec's route names. */
const PAGE_NAMES: Record<string, string> = {
  home: 'Beranda',
  schedule: 'Daftar Jadwal',
  'detail-schedule': 'Detail Jadwal',
  'detail-schedule-standalone': 'Detail Jadwal',
  'select-seat': 'Pilih Kursi',
  'information-passengers': 'Konfirmasi Pesanan',
  'list-voucher': 'Pilih Voucher',
  'm-information-passengers-no-select-seat': 'Data Penumpang',
  'info-customer-order': 'Informasi Pemesan',
  'confirmation-payment-order': 'Pembayaran',
  'payment-order': 'Pembayaran',
  'payment-order-change-payment': 'Ganti Metode Pembayaran',
  'payment-url': 'Pembayaran',
  'detail-order': 'Detail Pesanan',
  'detail-order-guest': 'Detail Pesanan',
  login: 'Masuk',
};

/** The booking's flow states that are a dialog, with the dialog's words (spec section 2). */
const BOOKING_DIALOGS: Record<string, { title: string; confirmLabel: string; cancelLabel: string | null }> = {
  confirmingReservation: dialogTexts.reserve,
  confirmingLeave: dialogTexts.leave,
  confirmingPassengerChange: dialogTexts.changePassengers,
  priceChanged: dialogTexts.priceChanged,
};

const BOOKER_FIELDS: Record<string, string> = { name: 'nama', phone: 'nomor HP', email: 'email' };
const DIRECTION: Record<string, string> = { pergi: 'pergi', pulang: 'pulang' };
const LOGIN_CHANNELS: Record<string, string> = { telp: 'nomor HP', email: 'email', wa: 'WhatsApp' };

function rupiah(value: number | null): string {
  if (value === null) return '';
  // The page says "Gratis" for a free seat; a total of nothing yet reads as the amount.
  return Math.round(value) === 0 ? 'Rp 0' : formatRupiah(value);
}

function clockText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** 'HH:mm' in Jakarta's time, where the customer is. */
function jakartaTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('id-ID', {
    timeZone: 'Asia/Jakarta',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(date);
}

function quoted(value: string): string {
  return `“${value}”`;
}

/** The state value's region as a plain string (`{flow: 'editing', ...}` → 'editing'). */
function regionState(value: Json | undefined, region: string): string {
  if (typeof value === 'string') return value;
  const child = obj(value)[region];
  if (typeof child === 'string') return child;
  return isObj(child) ? (Object.keys(child)[0] ?? '') : '';
}

function topState(value: Json | undefined): string {
  if (typeof value === 'string') return value;
  return isObj(value) ? (Object.keys(value)[0] ?? '') : '';
}

function childSnapshot(snapshot: Json | undefined, id: string): Obj {
  return obj(obj(obj(obj(snapshot).children)[id]).snapshot);
}

function contextOf(snapshot: Json | undefined): Obj {
  return obj(obj(snapshot).context);
}

function errorMessage(data: Json | undefined): string {
  const encoded = obj(obj(data).__error);
  return str(encoded.message);
}

/** Where a seat key sits in a kursi answer: the seat's number as the customer saw it. */
function seatNumber(layout: Json | undefined, key: string): string | null {
  for (const floor of list(obj(layout).layout_kursi)) {
    const seat = obj(obj(obj(floor).kursi)[key]);
    if (str(seat.no) !== '') return str(seat.no);
  }
  return null;
}

interface Memory {
  /** The last kursi answer per seat chart (its actor path). */
  layouts: Map<string, Json>;
  /** The hold's end on the device's clock, from the last hold-kursi answer. */
  holdDeadline: number | null;
  layout: 'd' | 'm';
}

interface StepInput {
  lane: string;
  event: Obj & { type: string };
  target: string[];
  source: string;
  before: Json;
  after: Json;
  memory: Memory;
}

interface Told {
  actor: StoryActor;
  sentence: string;
  call?: string;
}

function passengerOf(target: string[]): string {
  // passengerForm.pergi.0: the direction and the leg of a connecting trip.
  const [, direction = 'pergi', leg = '0'] = (target[0] ?? '').split('.');
  const legText = Number(leg) > 0 ? `, rute ${Number(leg) + 1}` : '';
  return `Data Penumpang ${DIRECTION[direction] ?? direction}${legText}`;
}

function seatTold({ event, target, before, after, memory }: StepInput): Told {
  const key = str(event.key);
  const id = target[0] ?? '';
  const selectedAfter = list(contextOf(childSnapshot(after, id)).selection).map(obj);
  const selectedBefore = list(contextOf(childSnapshot(before, id)).selection).map(obj);
  const chosen = selectedAfter.find((seat) => str(seat.key) === key);
  const dropped = selectedBefore.find((seat) => str(seat.key) === key);
  const number = str(chosen?.no) || str(dropped?.no) || seatNumber(memory.layouts.get(id), key) || key;
  if (chosen && !dropped) return { actor: 'customer', sentence: `Pelanggan memilih Kursi ${number}` };
  if (dropped && !chosen) return { actor: 'customer', sentence: `Pelanggan melepas Kursi ${number}` };
  return { actor: 'customer', sentence: `Pelanggan mengetuk Kursi ${number}` };
}

function dialogOf(lane: string, snapshot: Json): (typeof BOOKING_DIALOGS)[string] | null {
  if (lane !== 'booking') return null;
  return BOOKING_DIALOGS[regionState(obj(snapshot).value, 'flow')] ?? null;
}

/** A step the page sent: what the customer did (or the page did on its own). */
function uiTold(input: StepInput): Told {
  const { event, target, before, after, memory, lane } = input;
  const customer = (sentence: string): Told => ({ actor: 'customer', sentence });
  const app = (sentence: string): Told => ({ actor: 'app', sentence });
  const payButton = memory.layout === 'm' ? 'Bayar Sekarang' : 'Reservasi Tiket';
  switch (event.type) {
    case 'schedule.choose': {
      const legs = list(event.legs).map(obj);
      const first = legs[0];
      const last = legs.at(-1);
      const route = first && last ? `${str(first.origin)} → ${str(last.destination)}` : '';
      const when = first ? `${str(first.date)} ${str(first.departureTime)}` : '';
      const operator = first ? str(first.operatorName) : '';
      const direction = str(event.direction) === 'pulang' ? ' pulang' : '';
      return customer(`Pelanggan memilih jadwal${direction} ${operator} ${route}, ${when}`.replace(/\s+/g, ' ').trim());
    }
    case 'trip.set':
      return app('Halaman memuat perjalanan yang dipilih');
    case 'flow.resume':
      return target.length > 0
        ? app('Formulir dilanjutkan setelah halaman dimuat ulang')
        : customer('Pelanggan memuat ulang halaman; pemesanan dilanjutkan');
    case 'page.enter':
      return customer('Pelanggan membuka halaman Konfirmasi Pesanan');
    case 'page.return':
      return customer('Pelanggan kembali ke halaman Konfirmasi Pesanan');
    case 'session.change':
      return event.signedIn === true
        ? customer('Pelanggan masuk ke akunnya')
        : customer('Pelanggan keluar dari akunnya');
    case 'profile.request':
      return app('Halaman meminta profil pelanggan untuk mengisi data pemesan');
    case 'booker.open':
      return customer('Pelanggan membuka Informasi Pemesan');
    case 'seats.open':
      return customer(`Pelanggan membuka Pilih Kursi ${DIRECTION[str(event.direction)] ?? ''}`.trim());
    case 'passengers.open':
    case 'passengers.change':
      return customer(
        `Pelanggan ${event.type === 'passengers.change' ? 'mengubah' : 'membuka'} Data Penumpang ${DIRECTION[str(event.direction)] ?? ''}`.trim(),
      );
    case 'child.attach': {
      const request = obj(event.request);
      const kind = str(request.kind);
      const what =
        kind === 'bookerForm'
          ? 'formulir Informasi Pemesan'
          : kind === 'seatSelection'
            ? `pilihan kursi ${DIRECTION[str(request.direction)] ?? ''}`.trim()
            : `formulir Data Penumpang ${DIRECTION[str(request.direction)] ?? ''}`.trim();
      return app(`Halaman menyambungkan ${what}`);
    }
    case 'child.close':
      return app('Halaman menutup formulir yang selesai');
    case 'sameAsBooker.set':
      return customer(`Pelanggan ${event.value === true ? 'mencentang' : 'menghapus centang'} "Sama dengan pemesan"`);
    case 'refundable.set':
      return customer(
        `Pelanggan memilih Tiket Refundable: ${event.value === 'yes' ? '"Ya, lindungi tiket saya"' : '"Tidak"'}`,
      );
    case 'points.toggle':
      return customer(
        contextOf(after).usePoint === true ? 'Pelanggan memakai Point' : 'Pelanggan berhenti memakai Point',
      );
    case 'donation.toggle': {
      const on = obj(contextOf(after).donation).on === true;
      return customer(`Pelanggan ${on ? 'menyalakan' : 'mematikan'} Donasi Berkah`);
    }
    case 'donation.amount':
      return customer(`Pelanggan memilih donasi ${rupiah(num(event.amount))}`);
    case 'donation.message':
      return customer('Pelanggan menulis pesan donasi');
    case 'terms.set':
      return customer(
        `Pelanggan ${event.checked === true ? 'mencentang' : 'menghapus centang'} syarat & ketentuan operator`,
      );
    case 'voucher.open':
      return customer('Pelanggan membuka Pilih Voucher');
    case 'voucher.attach':
      return app('Halaman Pilih Voucher tersambung');
    case 'voucher.close':
      return customer('Pelanggan menutup Pilih Voucher');
    case 'voucher.set':
      return customer(
        `Pelanggan memakai voucher ${str(obj(event.voucher).code) || str(obj(event.voucher).kode)}`.trim(),
      );
    case 'voucher.clear':
      return customer('Pelanggan melepas voucher');
    case 'price.refresh':
      return app('Halaman meminta harga diperiksa lagi');
    case 'reserve.request':
      return customer(`Pelanggan mengetuk "${payButton}"`);
    case 'dialog.confirm':
    case 'dialog.cancel': {
      const dialog = dialogOf(lane, before);
      const answer = event.type === 'dialog.confirm' ? dialog?.confirmLabel : dialog?.cancelLabel;
      return customer(
        dialog ? `Pelanggan mengetuk "${answer ?? ''}" pada dialog "${dialog.title}"` : 'Pelanggan menjawab dialog',
      );
    }
    case 'leave.request':
      return customer('Pelanggan mengetuk Kembali');
    case 'refundable.highlight':
      return app('Halaman menyorot pilihan Tiket Refundable');
    case 'hold.request':
      return app('Halaman meminta kursi ditahan');
    case 'seat.toggle':
      return seatTold(input);
    case 'floor.select':
      return customer(`Pelanggan membuka lantai ${(num(event.index) ?? 0) + 1}`);
    case 'selection.save': {
      const seats = list(contextOf(childSnapshot(after, target[0] ?? '')).selection).map((seat) => str(obj(seat).no));
      const saved = list(obj(contextOf(childSnapshot(after, target[0] ?? '')).savedSeats)['0'])
        .map((seat) => str(obj(seat).no))
        .filter(Boolean);
      const shown = seats.length > 0 ? seats : saved;
      return customer(`Pelanggan mengetuk "Pilih"${shown.length > 0 ? ` (kursi ${shown.join(', ')})` : ''}`);
    }
    case 'leg.back':
      return customer('Pelanggan kembali ke rute sebelumnya');
    case 'layout.retry':
      return customer('Pelanggan mencoba memuat denah kursi lagi');
    case 'passenger.type':
      return customer(
        `Pelanggan mengetik nama penumpang ${(num(event.index) ?? 0) + 1} di ${passengerOf(target)}: ${quoted(str(event.value))}`,
      );
    case 'passenger.add':
      return customer(`Pelanggan menambah penumpang di ${passengerOf(target)}`);
    case 'passenger.remove':
      return customer(`Pelanggan menghapus penumpang ${(num(event.index) ?? 0) + 1} di ${passengerOf(target)}`);
    case 'self.toggle':
      return customer(`Pelanggan mengetuk "Saya penumpang" di ${passengerOf(target)}`);
    case 'sameAsFirst.toggle':
      return customer(`Pelanggan mengetuk "Sama dengan rute 1" di ${passengerOf(target)}`);
    case 'booker.changed':
      return app(`Nama pemesan diteruskan ke ${passengerOf(target)}`);
    case 'form.save':
      return customer(`Pelanggan menyimpan ${target[0] === 'bookerForm' ? 'Informasi Pemesan' : passengerOf(target)}`);
    case 'booker.type':
      return customer(
        `Pelanggan mengetik ${BOOKER_FIELDS[str(event.field)] ?? str(event.field)} pemesan: ${quoted(str(event.value))}`,
      );
    // Order page.
    case 'order.retry':
    case 'load.retry':
      return customer('Pelanggan mengetuk "Coba Lagi"');
    case 'order.reload':
      return app('Halaman membaca pesanan lagi');
    case 'lookup.change':
      return customer(`Pelanggan mengetik email atau nomor HP pemesan: ${quoted(str(event.value))}`);
    case 'lookup.submit':
      return customer('Pelanggan mengetuk "Lihat Pesanan"');
    case 'cancel.open':
      return customer('Pelanggan mengetuk "Batalkan Pesanan"');
    case 'cancel.reason':
      return customer(`Pelanggan memilih alasan pembatalan: ${quoted(str(event.reason))}`);
    case 'cancel.submit':
      return customer('Pelanggan mengirim alasan pembatalan');
    case 'cancel.confirm':
      return customer('Pelanggan menjawab "Ya, Batalkan"');
    case 'cancel.dismiss':
      return customer('Pelanggan menutup pembatalan');
    // Payment page.
    case 'method.choose':
      return customer(`Pelanggan memilih metode pembayaran ${str(event.code)}`);
    case 'payment.pay':
      return customer('Pelanggan mengetuk "Bayar"');
    case 'payment.simulate':
      return customer('Pelanggan mengetuk "Simulasikan pembayaran" (mode demo)');
    case 'payment.check':
      return customer('Pelanggan mengetuk "Cek Status Pembayaran"');
    case 'card.pay':
      return customer('Pelanggan membayar dengan kartu (token dari Midtrans)');
    case 'countdown.sync':
      return app('Halaman menyamakan hitung mundur pembayaran');
    // Sign-in.
    case 'channel.choose':
      return customer(`Pelanggan memilih masuk lewat ${LOGIN_CHANNELS[str(event.channel)] ?? str(event.channel)}`);
    case 'contact.type':
      return customer(`Pelanggan mengetik kontak: ${quoted(str(event.value))}`);
    case 'contact.submit':
      return customer('Pelanggan meminta kode masuk');
    case 'contact.edit':
      return customer('Pelanggan mengubah kontak');
    case 'code.type':
      return customer('Pelanggan mengetik kode masuk');
    case 'code.submit':
      return customer('Pelanggan mengirim kode masuk');
    case 'code.resend':
      return customer('Pelanggan meminta kode baru');
    default:
      return app(`Langkah halaman ${event.type}`);
  }
}

function answerSummary(call: string, data: Json | undefined): string {
  const answer = obj(data);
  switch (call) {
    case 'kursi': {
      const free = list(answer.layout_kursi).reduce<number>((sum, floor) => sum + (num(obj(floor).sisa_kursi) ?? 0), 0);
      return `denah kursi ${str(answer.jadwal_kode)}, ${free} kursi kosong`;
    }
    case 'cek-harga':
      return `total ${rupiah(num(answer.total_bayar))}`;
    case 'hold-kursi': {
      const refusal = obj(answer.refusal);
      if (str(refusal.message)) return `menolak: ${quoted(str(refusal.message))}`;
      const seats = list(answer.held).flatMap((leg) => list(obj(leg).seats).map(String));
      const until = str(answer.endsAt) ? ` sampai ${jakartaTime(str(answer.endsAt))} WIB` : '';
      return `kursi ${seats.join(', ')} ditahan${until}`;
    }
    case 'reservasi': {
      if (answer.kind === 'ok') {
        const results = obj(answer.results);
        return `pesanan ${str(results.reservasi_kode)} dibuat, total ${rupiah(num(results.total_bayar))}`;
      }
      return `menolak: ${quoted(str(answer.message))}${str(answer.code) ? ` (${str(answer.code)})` : ''}`;
    }
    case 'customer-profil':
      return 'profil pelanggan terbaca';
    case 'request-customer-login-alternative':
    case 'customer-login':
      return answer.kind === 'ok'
        ? call === 'customer-login'
          ? 'kode benar, pelanggan masuk'
          : 'kode masuk dikirim'
        : `menolak: ${quoted(str(answer.message))}`;
    default: {
      const order = isObj(answer.order) ? answer.order : isObj(answer.results) ? answer.results : answer;
      const status = str(order.status);
      const code = str(order.reservasi_kode);
      if (status || code) return `pesanan ${code} berstatus ${status || 'tidak diketahui'}`.replace(/\s+/g, ' ');
      return 'jawaban diterima';
    }
  }
}

function effectTold(input: StepInput): Told {
  const { event, target, memory } = input;
  if (event.type === 'hold.tick') {
    // The hold chart's own countdown after the tick; a reload's lane starts without the answer.
    const held = num(obj(contextOf(childSnapshot(input.after, 'hold')).hold).remainingMs);
    const now = num(event.now);
    const left = held ?? (memory.holdDeadline !== null && now !== null ? memory.holdDeadline - now : null);
    return {
      actor: 'clock',
      sentence:
        left === null ? 'Hitung mundur tahan kursi berjalan' : `Hitung mundur tahan kursi: sisa ${clockText(left)}`,
    };
  }
  const id = target.at(-1) ?? '';
  const call = CALL_NAMES[id] ?? id;
  if (event.type === 'xstate.promise.reject') {
    const message = errorMessage(event.data);
    return {
      actor: 'server',
      call,
      sentence: `Panggilan ${call} gagal${message ? `: ${quoted(message)}` : ''}`,
    };
  }
  if (event.type === 'xstate.promise.resolve') {
    if (id === 'loadLayout') memory.layouts.set(target.slice(0, -1).join('>'), event.data ?? null);
    if (id === 'holdSeats') memory.holdDeadline = num(obj(event.data).deadline) ?? memory.holdDeadline;
    return { actor: 'server', call, sentence: `Server menjawab ${call}: ${answerSummary(call, event.data)}` };
  }
  return { actor: 'app', sentence: `Pesan ${event.type} dari ${target.join(' › ') || 'alur'}` };
}

/** A delay the chart set running out. */
function timerTold({ event, lane }: StepInput): Told {
  const type = event.type;
  const app = (sentence: string): Told => ({ actor: 'clock', sentence });
  if (type.includes('completionDebounce')) return app('Formulir penumpang memeriksa kelengkapan setelah jeda ketik');
  if (type.includes('validationDebounce')) return app('Formulir memeriksa isian setelah jeda ketik');
  if (type.includes('errorToastDelay')) return app('Pesan kesalahan reservasi selesai ditampilkan');
  if (type.includes('inlineFormsSaved')) return app('Formulir di halaman selesai disimpan');
  if (type.includes('refundableHighlight')) return app('Sorotan Tiket Refundable berakhir');
  if (type.includes('nextTick')) return app('Hitung mundur pembayaran berjalan');
  if (type === 'refresh.due') return app('Waktunya membaca status pembayaran lagi');
  if (lane === 'login' && type.includes('second')) return app('Hitung mundur kirim ulang kode berjalan');
  return app(`Jeda ${type.replace(/^xstate\.after\./, '')} berakhir`);
}

const SHEET_TITLES = { seatSheet: 'Pilih Kursi', bookerSheet: 'Informasi Pemesan', voucherSheet: 'Pilih Voucher' };

/** The sheet a recorded booking snapshot has open (as the replay's preview draws it). */
function openSheetOf(snapshot: Json): string | null {
  const context = contextOf(snapshot) as unknown as Parameters<typeof bookingPlace>[0];
  if (!Array.isArray(context.openChildren)) return null;
  const { sheet } = bookingPlace(context, regionState(obj(snapshot).value, 'voucherList') === 'open');
  return sheet ? SHEET_TITLES[sheet.kind] : null;
}

function effectsOf(lane: string, before: Json, after: Json, emitted: Json[]): string[] {
  const effects: string[] = [];
  const dialogBefore = dialogOf(lane, before)?.title ?? null;
  const dialogAfter = dialogOf(lane, after)?.title ?? null;
  if (dialogAfter && dialogAfter !== dialogBefore) effects.push(`Dialog "${dialogAfter}" muncul`);
  if (dialogBefore && !dialogAfter) effects.push(`Dialog "${dialogBefore}" tertutup`);
  if (lane === 'booking') {
    const sheetBefore = openSheetOf(before);
    const sheetAfter = openSheetOf(after);
    if (sheetAfter && sheetAfter !== sheetBefore) effects.push(`Sheet ${sheetAfter} dibuka`);
    if (sheetBefore && sheetBefore !== sheetAfter) effects.push(`Sheet ${sheetBefore} ditutup`);
    const flowAfter = regionState(obj(after).value, 'flow');
    if (flowAfter === 'reserving' && regionState(obj(before).value, 'flow') !== 'reserving') {
      effects.push('Layar tunggu "Memproses reservasi…" tampil');
    }
  }
  if (lane === 'order' && topState(obj(after).value) !== topState(obj(before).value)) {
    const state = topState(obj(after).value);
    if (state === 'shown') effects.push('Pesanan tampil');
    if (state === 'notFound') effects.push('Halaman "Pesanan tidak ditemukan" tampil');
  }
  for (const item of emitted) {
    const emittedItem = obj(item);
    if (emittedItem.type === 'toast') effects.push(`Pesan muncul: ${quoted(str(emittedItem.message))}`);
    if (emittedItem.type === 'navigate') {
      const intent = obj(emittedItem.intent);
      if (intent.kind === 'back') effects.push('Halaman kembali ke sebelumnya');
      else if (intent.kind === 'route') {
        const name = str(intent.name);
        const page = PAGE_NAMES[name] ?? name;
        // A sheet with its own address (Informasi Pemesan, Pilih Voucher) is said once, as the sheet.
        if (!effects.includes(`Sheet ${page} dibuka`)) effects.push(`Halaman ${page} dibuka`);
      } else if (str(intent.path)) effects.push(`Halaman ${str(intent.path)} dibuka`);
    }
  }
  return effects;
}

/** The lane's story, from the recording alone (it reads the same whether the replay agrees or not). */
export function laneStory(lane: TraceLane, layout: 'd' | 'm'): LaneStory {
  const snapshots = recordedSnapshots(lane);
  const memory: Memory = { layouts: new Map(), holdDeadline: null, layout };
  let before = lane.start as Json;
  const steps = lane.steps.map((step, index): StoryStep => {
    const after = snapshots[index] ?? null;
    const input: StepInput = {
      lane: lane.name,
      event: { ...obj(step.event as Json), type: step.event.type },
      target: step.target,
      source: step.source,
      before,
      after,
      memory,
    };
    const told = step.source === 'ui' ? uiTold(input) : step.source === 'timer' ? timerTold(input) : effectTold(input);
    const previous = lane.steps[index - 1];
    const merged = previous ? Math.max(1, step.i - previous.i) : 1;
    const result: StoryStep = {
      number: index + 1,
      merged,
      actor: told.actor,
      sentence: told.sentence,
      call: told.call ?? null,
      effects: effectsOf(lane.name, before, after, step.emitted as Json[]),
      technical: { event: step.event.type, target: step.target.join(' › '), source: step.source },
    };
    before = after;
    return result;
  });
  return { summarised: lane.dropped, steps };
}

/** "menggabungkan 12 langkah" for a step that stands for more than one. */
export function mergedText(step: StoryStep): string | null {
  return step.merged > 1 ? `menggabungkan ${step.merged} langkah` : null;
}
