import type { FlashSaleStatus, QuizOptionCode } from '../contract/flashsale';
import type { PaymentKind } from '../contract/payment';
import type { Booker, PayingPlace } from './types';

/**
 * The flash sale in the app's own words (spec section 7 "Flash sale", spec section 3's flash-sale
 * state). src/api maps every flash-sale reply to these once; the chart and the four flash-sale
 * screens read only these. Enum values (a slot's or a purchase's status, a quiz option's letter)
 * stay the wire's: they are values, not names.
 */

/** A slot (sesi_sub): the app maps the reply's instants to milliseconds. */
export interface FlashSaleSlot {
  id: number;
  name: string;
  startsAtMs: number;
  endsAtMs: number;
  status: FlashSaleStatus;
}

/** The flash-sale home: its texts, the days that have slots from today, the running and next slot. */
export interface FlashSaleHome {
  title: string;
  description: string;
  terms: string[];
  /** Days (`YYYY-MM-DD`) that have slots, from today. */
  dates: string[];
  runningSlot: FlashSaleSlot | null;
  nextSlot: FlashSaleSlot | null;
  /** The server's clock when it answered (ms since the epoch). */
  serverNowMs: number;
}

/** One day's slots. */
export interface FlashSaleDay {
  date: string;
  slots: FlashSaleSlot[];
  serverNowMs: number;
}

/** A card (a trip at a flash price) as a slot's list shows it. */
export interface FlashSaleCardSummary {
  id: number;
  slotId: number;
  title: string;
  operatorCode: string;
  operatorName: string;
  operatorLogo: string;
  origin: string;
  destination: string;
  normalPrice: number;
  flashPrice: number;
  stock: number;
  sold: number;
  left: number;
  /** The trip the card buys may depart between these dates (inclusive, `YYYY-MM-DD`). */
  validFrom: string;
  validUntil: string;
}

/** A slot's cards. */
export interface FlashSaleCardList {
  slot: FlashSaleSlot;
  cards: FlashSaleCardSummary[];
  serverNowMs: number;
}

/** A card's page: the card with its description, terms and slot. */
export interface FlashSaleCardDetail extends FlashSaleCardSummary {
  description: string;
  terms: string[];
  slot: FlashSaleSlot;
  serverNowMs: number;
}

/** A card's question, never its answer. */
export interface FlashSaleQuiz {
  cardId: number;
  question: string;
  options: Array<{ code: QuizOptionCode; text: string }>;
}

/** A right answer: the one-purchase key and its time left, measured on the server's clock. */
export interface FlashSaleKey {
  key: string;
  keyLeftMs: number;
}

/** How a method's fee is configured: percent of the amount, or rupiah. */
export type FeeType = 'persen' | 'nominal';

/** A payment method with its fee on the flash price. */
export interface FlashSalePaymentMethod {
  code: string;
  name: string;
  /** Virtual Account, E-Wallet & QRIS, Gerai Retail, Kartu Kredit/Debit. */
  group: string;
  kind: PaymentKind;
  /** The fee as configured: rupiah or percent, by feeType. */
  fee: number;
  feeType: FeeType;
  /** The fee on the flash price, in rupiah. */
  feeAmount: number;
  /** The flash price plus feeAmount. */
  total: number;
  available: boolean;
}

export interface FlashSaleMethods {
  /** The flash price the fees were reckoned on. */
  amount: number;
  methods: FlashSalePaymentMethod[];
}

export type FlashSalePurchaseStatus = 'menunggu-pembayaran' | 'lunas' | 'kedaluwarsa';

/** The card a purchase bought. */
export interface FlashSalePurchaseCard {
  id: number;
  title: string;
  operatorCode: string;
  operatorName: string;
  operatorLogo: string;
  origin: string;
  destination: string;
  validFrom: string;
  validUntil: string;
}

/** A purchase (flash-sale transaction): its page, and a row of the history. */
export interface FlashSalePurchase {
  code: string;
  status: FlashSalePurchaseStatus;
  card: FlashSalePurchaseCard;
  booker: Booker;
  methodCode: string;
  methodName: string;
  /** The spec's "Total price is harga or 0": the card's price at purchase, 0 when the reply has none. */
  price: number;
  adminFee: number;
  total: number;
  payment: PayingPlace;
  /** ISO instants. */
  createdAt: string;
  payBefore: string;
  /** Paid with the simulated provider (demo mode): the page offers "Simulasikan pembayaran". */
  simulated: boolean;
}

/** The purchase just made, with its key (header X-Order-Key) for reading it later on this device. */
export interface FlashSaleBought extends FlashSalePurchase {
  orderKey: string;
}

/** One page of the buyer's purchases, newest first (`list` as PagedList reads pages). */
export interface FlashSaleHistoryPage {
  list: FlashSalePurchase[];
  page: number;
  totalPages: number;
}
