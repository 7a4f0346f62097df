import type {
  FlashSaleBerandaResults,
  FlashSaleCard,
  FlashSaleCekSoalResults,
  FlashSaleDetailCardResults,
  FlashSaleJenisPembayaranResults,
  FlashSaleListCardResults,
  FlashSaleListSesiResults,
  FlashSaleListTransaksiResults,
  FlashSaleSession,
  FlashSaleSoalResults,
  FlashSaleTransaction,
  FlashSaleTransaksiResults,
} from '../../contract/flashsale';
import type { PaymentMethod } from '../../contract/payment';
import type {
  FlashSaleBought,
  FlashSaleCardDetail,
  FlashSaleCardList,
  FlashSaleCardSummary,
  FlashSaleDay,
  FlashSaleHistoryPage,
  FlashSaleHome,
  FlashSaleKey,
  FlashSaleMethods,
  FlashSalePaymentMethod,
  FlashSalePurchase,
  FlashSaleQuiz,
  FlashSaleSlot,
} from '../../machines/flash-sale-types';
import { toPayingPlace } from './mappers';

/**
 * The flash sale's wire names (spec section 7) become the app's models (machines/flash-sale-types.ts)
 * here and only here: the query options, the chart's effects and the purchase page's mutation call these.
 */

export function toFlashSaleSlot(slot: FlashSaleSession): FlashSaleSlot {
  return {
    id: slot.sesi_sub_id,
    name: slot.nama,
    startsAtMs: Date.parse(slot.mulai),
    endsAtMs: Date.parse(slot.selesai),
    status: slot.status,
  };
}

/** The reply's slots as the machine reads them (instants in milliseconds). */
export function slotsOf(list: readonly FlashSaleSession[]): FlashSaleSlot[] {
  return list.map(toFlashSaleSlot);
}

export function toFlashSaleHome(home: FlashSaleBerandaResults): FlashSaleHome {
  return {
    title: home.judul,
    description: home.deskripsi,
    terms: [...home.syarat],
    dates: [...home.tanggal],
    runningSlot: home.sesi_berlangsung ? toFlashSaleSlot(home.sesi_berlangsung) : null,
    nextSlot: home.sesi_berikutnya ? toFlashSaleSlot(home.sesi_berikutnya) : null,
    serverNowMs: Date.parse(home.waktu_server),
  };
}

export function toFlashSaleDay(day: FlashSaleListSesiResults): FlashSaleDay {
  return { date: day.tanggal, slots: slotsOf(day.list), serverNowMs: Date.parse(day.waktu_server) };
}

export function toFlashSaleCardSummary(card: FlashSaleCard): FlashSaleCardSummary {
  return {
    id: card.card_id,
    slotId: card.sesi_sub_id,
    title: card.judul,
    operatorCode: card.operator_kode,
    operatorName: card.operator_nama,
    operatorLogo: card.operator_logo,
    origin: card.asal,
    destination: card.tujuan,
    normalPrice: card.harga_normal,
    flashPrice: card.harga_flashsale,
    stock: card.stok,
    sold: card.terjual,
    left: card.sisa,
    validFrom: card.berlaku_mulai,
    validUntil: card.berlaku_sampai,
  };
}

export function toFlashSaleCardList(results: FlashSaleListCardResults): FlashSaleCardList {
  return {
    slot: toFlashSaleSlot(results.sesi),
    cards: results.list.map(toFlashSaleCardSummary),
    serverNowMs: Date.parse(results.waktu_server),
  };
}

export function toFlashSaleCardDetail(card: FlashSaleDetailCardResults): FlashSaleCardDetail {
  return {
    ...toFlashSaleCardSummary(card),
    description: card.deskripsi,
    terms: [...card.syarat],
    slot: toFlashSaleSlot(card.sesi),
    serverNowMs: Date.parse(card.waktu_server),
  };
}

export function toFlashSaleQuiz(quiz: FlashSaleSoalResults): FlashSaleQuiz {
  return {
    cardId: quiz.card_id,
    question: quiz.soal,
    options: quiz.pilihan.map((option) => ({ code: option.kode, text: option.teks })),
  };
}

/** The key's time is counted on the server's clock (its answer's instant), never the phone's. */
export function toFlashSaleKey(answer: FlashSaleCekSoalResults): FlashSaleKey {
  return {
    key: answer.key_auth,
    keyLeftMs: Math.max(0, Date.parse(answer.berlaku_sampai) - Date.parse(answer.waktu_server)),
  };
}

export function toFlashSalePaymentMethod(method: PaymentMethod): FlashSalePaymentMethod {
  return {
    code: method.kode,
    name: method.nama,
    group: method.grup,
    kind: method.jenis,
    fee: method.fee,
    feeType: method.tipe_fee,
    feeAmount: method.biaya,
    total: method.total,
    available: method.tersedia,
  };
}

export function toFlashSaleMethods(results: FlashSaleJenisPembayaranResults): FlashSaleMethods {
  return { amount: results.amount, methods: results.list.map(toFlashSalePaymentMethod) };
}

/**
 * A purchase as the wire has it; harga may be missing or null in a reply the app reads, and the spec
 * says the price is then 0 ("Total price is harga or 0").
 */
export type FlashSaleTransactionReply = Omit<FlashSaleTransaction, 'harga'> & { harga?: number | null };

export function toFlashSalePurchase(transaction: FlashSaleTransactionReply): FlashSalePurchase {
  const { card } = transaction;
  return {
    code: transaction.transaksi_kode,
    status: transaction.status,
    card: {
      id: card.card_id,
      title: card.judul,
      operatorCode: card.operator_kode,
      operatorName: card.operator_nama,
      operatorLogo: card.operator_logo,
      origin: card.asal,
      destination: card.tujuan,
      validFrom: card.berlaku_mulai,
      validUntil: card.berlaku_sampai,
    },
    booker: { name: transaction.pemesan_nama, email: transaction.pemesan_email, phone: transaction.pemesan_telp },
    methodCode: transaction.jenis_pembayaran_kode,
    methodName: transaction.jenis_pembayaran_nama,
    price: transaction.harga ?? 0,
    adminFee: transaction.biaya_admin,
    total: transaction.total_bayar,
    payment: toPayingPlace(transaction),
    createdAt: transaction.dibuat_pada,
    payBefore: transaction.batas_bayar,
    simulated: transaction.simulasi,
  };
}

export function toFlashSaleBought(results: FlashSaleTransaksiResults): FlashSaleBought {
  return { ...toFlashSalePurchase(results), orderKey: results.kunci };
}

export function toFlashSaleHistoryPage(results: FlashSaleListTransaksiResults): FlashSaleHistoryPage {
  return { list: results.list.map(toFlashSalePurchase), page: results.page, totalPages: results.total_page };
}
