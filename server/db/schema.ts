import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const cities = pgTable('cities', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  province: text('province').notNull(),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  /** Order in kota-populer; null when not popular. */
  popularRank: smallint('popular_rank'),
});

/** Pools and branches (cabang) where passengers board or alight. */
export const points = pgTable(
  'points',
  {
    id: serial('id').primaryKey(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    name: text('name').notNull(),
    address: text('address').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
  },
  (t) => [index('points_city_idx').on(t.cityId), uniqueIndex('points_city_name_uq').on(t.cityId, t.name)],
);

export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** Path of the SVG logo served by the app, e.g. /logos/xtr.svg. */
  logo: text('logo').notNull(),
  type: text('type', { enum: ['shuttle', 'bus'] }).notNull(),
  /** Operator terms (syarat & ketentuan), one paragraph per entry. */
  terms: jsonb('terms').$type<string[]>().notNull(),
});

export type SeatTile = {
  no: string;
  tipe: 'P' | 'PS' | 'SMK' | 'K' | 'PX' | 'T' | 'S';
  /** Price tier: 2 uses the schedule's second price. */
  tier?: 1 | 2;
  promo?: boolean;
};
export type LayoutFloor = { name: string; rows: number; cols: number; seats: Record<string, SeatTile> };

export const seatLayouts = pgTable('seat_layouts', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  floors: jsonb('floors').$type<LayoutFloor[]>().notNull(),
  /** Bookable seats (P and PS) over all floors, kept beside the map for fast counting. */
  capacity: smallint('capacity').notNull(),
});

/** A jurusan: one operator's line between two pools. */
export const routes = pgTable(
  'routes',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    originPointId: integer('origin_point_id')
      .notNull()
      .references(() => points.id),
    destinationPointId: integer('destination_point_id')
      .notNull()
      .references(() => points.id),
    name: text('name').notNull(),
  },
  (t) => [
    // A search matches both ends at once; the pair also serves origin-only lookups.
    index('routes_origin_destination_idx').on(t.originPointId, t.destinationPointId),
    index('routes_destination_idx').on(t.destinationPointId),
    uniqueIndex('routes_operator_pair_uq').on(t.operatorId, t.originPointId, t.destinationPointId),
  ],
);

export type RouteStopRow = { title: string; address: string; minutes: number; lat: number | null; lon: number | null };
export type Facility = 'mineral-water' | 'ac' | 'baggage';

/** A daily departure of a route, bookable on every day in [validFrom, validUntil]. */
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    routeId: integer('route_id')
      .notNull()
      .references(() => routes.id),
    layoutId: integer('layout_id')
      .notNull()
      .references(() => seatLayouts.id),
    service: text('service').notNull(),
    departureTime: time('departure_time').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    price: integer('price').notNull(),
    /** Second price (tier 2 seats); the list shows a range when set. */
    price2: integer('price2'),
    promoPrice: integer('promo_price'),
    promoCode: text('promo_code'),
    selectSeat: boolean('select_seat').notNull().default(true),
    refundable: boolean('refundable').notNull().default(true),
    facilities: jsonb('facilities').$type<Facility[]>().notNull(),
    stops: jsonb('stops').$type<RouteStopRow[]>().notNull(),
    validFrom: date('valid_from').notNull(),
    validUntil: date('valid_until').notNull(),
  },
  (t) => [index('schedules_route_idx').on(t.routeId, t.departureTime)],
);

/** A connecting ("Pindah Armada") itinerary: ordered legs of schedules of different operators. */
export const connectingTrips = pgTable(
  'connecting_trips',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    originPointId: integer('origin_point_id')
      .notNull()
      .references(() => points.id),
    destinationPointId: integer('destination_point_id')
      .notNull()
      .references(() => points.id),
  },
  (t) => [
    index('connecting_origin_idx').on(t.originPointId),
    index('connecting_destination_idx').on(t.destinationPointId),
  ],
);

export const connectingLegs = pgTable(
  'connecting_legs',
  {
    id: serial('id').primaryKey(),
    tripId: integer('trip_id')
      .notNull()
      .references(() => connectingTrips.id, { onDelete: 'cascade' }),
    legNo: smallint('leg_no').notNull(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id),
    /** Days after the first leg's date on which this leg departs (overnight changes). */
    dayOffset: smallint('day_offset').notNull().default(0),
  },
  (t) => [
    uniqueIndex('connecting_legs_trip_leg_uq').on(t.tripId, t.legNo),
    // Which trips a schedule is a leg of (seat map of a leg, the trips through a departure).
    index('connecting_legs_schedule_idx').on(t.scheduleId),
  ],
);

/**
 * A customer signs in with a one-time code to a phone or an email, so an account may have only
 * one of them (unique when present; phones kept as 08…, emails lower-case). The name is empty
 * until the profile is filled. `points` is the balance; point_history explains it.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().default(''),
    email: text('email').unique(),
    phone: text('phone').unique(),
    points: integer('points').notNull().default(0),
    gender: text('gender', { enum: ['L', 'P'] }),
    birthDate: date('birth_date'),
    occupationId: integer('occupation_id'),
    occupationOther: text('occupation_other'),
    /** `support`: the support team's accounts, which open stored traces (issue 10). */
    role: text('role', { enum: ['customer', 'support'] })
      .notNull()
      .default('customer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('customers_contact', sql`${t.email} IS NOT NULL OR ${t.phone} IS NOT NULL`),
    check('customers_points_nonnegative', sql`${t.points} >= 0`),
    check('customers_role', sql`${t.role} IN ('customer', 'support')`),
  ],
);

/**
 * A support trace a customer or tester sent ("Kirim ke CS"): masked by the app before sending,
 * kept 30 days. `client_key` is a hash of the sender's address (for the send limit), never the
 * address itself.
 */
export const supportTraces = pgTable(
  'support_traces',
  {
    code: text('code').primaryKey(),
    trace: jsonb('trace').notNull(),
    bytes: integer('bytes').notNull(),
    clientKey: text('client_key').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('support_traces_expires_at').on(t.expiresAt), check('support_traces_bytes', sql`${t.bytes} > 0`)],
);

/**
 * A signed-in device. Only the SHA-256 of the bearer token is kept, so a copy of the database
 * opens no account; revoked_at ends it early (logout), expires_at after a year (the _atx cookie).
 */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    platform: text('platform'),
    /** token_firebase of the native app: where push messages for this device go. */
    pushToken: text('push_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('customer_sessions_customer_idx').on(t.customerId)],
);

/**
 * One-time sign-in codes. The code is kept as an HMAC under the server secret; a row is used once
 * (consumed_at set by a conditional update), lives 5 minutes and allows a few wrong tries.
 */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['telp', 'email'] }).notNull(),
    /** The normalised phone (08…) or lower-case email. */
    address: text('address').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('otp_challenges_address_idx').on(t.channel, t.address, t.createdAt)],
);

/**
 * The development outbox: what the built-in delivery adapter "sent" (demo mode shows it through
 * demo/otp-outbox). A real SMS, WhatsApp or email sender writes nothing here.
 */
export const otpOutbox = pgTable(
  'otp_outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['telp', 'email'] }).notNull(),
    address: text('address').notNull(),
    message: text('message').notNull(),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otp_outbox_address_idx').on(t.address, t.createdAt)],
);

/**
 * Every change of a customer's balance, written in the same statement or transaction as the
 * change itself (redeemed at reservation, returned on cancel or expiry, cashback on payment).
 */
export const pointHistory = pgTable(
  'point_history',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['potongan', 'kembali', 'cashback', 'bonus'] }).notNull(),
    /** Signed: spent points are negative. */
    points: integer('points').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('point_history_customer_idx').on(t.customerId, t.createdAt)],
);

export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** One or two sentences for the voucher list. */
    description: text('description').notNull().default(''),
    discountType: text('discount_type', { enum: ['persen', 'nominal'] }).notNull(),
    discountValue: integer('discount_value').notNull(),
    maxDiscount: integer('max_discount'),
    minAmount: integer('min_amount').notNull().default(0),
    validFrom: date('valid_from').notNull(),
    validUntil: date('valid_until').notNull(),
    /** Uses allowed over all customers; null is unlimited. A pending or paid reservation is a use. */
    quota: integer('quota'),
    /** The only payment method it works with; null for any. */
    paymentMethodCode: text('payment_method_code').references(() => paymentMethods.code),
  },
  (t) => [check('vouchers_quota_nonnegative', sql`${t.quota} IS NULL OR ${t.quota} >= 0`)],
);

export const paymentMethods = pgTable('payment_methods', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  group: text('group').notNull(),
  fee: integer('fee').notNull().default(0),
  feeType: text('fee_type', { enum: ['persen', 'nominal'] })
    .notNull()
    .default('persen'),
  /** How it is paid, which decides what the payment page shows (number, QR code, card form). */
  kind: text('kind', { enum: ['va', 'qris', 'retail', 'card'] })
    .notNull()
    .default('va'),
  active: boolean('active').notNull().default(true),
});

export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    code: char('code', { length: 10 }).notNull().unique(),
    status: text('status', { enum: ['pending', 'paid', 'cancelled', 'expired'] })
      .notNull()
      .default('pending'),
    customerId: integer('customer_id').references(() => customers.id),
    bookerName: text('booker_name').notNull(),
    bookerPhone: text('booker_phone').notNull(),
    bookerEmail: text('booker_email').notNull(),
    paymentMethodCode: text('payment_method_code'),
    voucherCode: text('voucher_code'),
    subTotal: integer('sub_total').notNull(),
    total: integer('total').notNull(),
    insurance: boolean('insurance').notNull().default(false),
    donation: integer('donation').notNull().default(0),
    donationMessage: text('donation_message'),
    usedPoints: integer('used_points').notNull().default(0),
    isRoundTrip: boolean('is_round_trip').notNull().default(false),
    /** The server's total differed from the one the passenger was shown; a replay answers the same. */
    priceChanged: boolean('price_changed').notNull().default(false),
    /** The client's Idempotency-Key: a retried request finds this reservation instead of making a second. */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the parsed request, so a reused key with another body is refused. */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * The chosen method's admin fee included in `total`, set by ganti-pembayaran. Null: the fee
     * the price check charged for payment_method_code at reservation (or none without a method).
     */
    paymentFee: integer('payment_fee'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** jenis_batal of a cancelled order. */
    cancelReason: text('cancel_reason'),
    /** Points credited to the booker when the order was paid. */
    cashbackPoints: integer('cashback_points').notNull().default(0),
    /** The campaign or referral code of the visit that booked (ads_kode, kept in a cookie from the landing URL). */
    adsCode: text('ads_code'),
    /** The page the visit came from (url_referer). */
    referrerUrl: text('referrer_url'),
    /**
     * When the first leg departs (Jakarta wall time, as the timetable) and the date the last leg
     * travels: set when the order is made (its legs never change), so "Pesanan Saya" splits and
     * orders a customer's orders without reading their seats. Null for an order without legs.
     */
    firstDeparture: timestamp('first_departure', { mode: 'string' }),
    lastTravelDate: date('last_travel_date'),
  },
  (t) => [
    // "Pesanan Saya": a customer's orders newest first, with every column its lists split and order
    // by, so a list counts and pages them from the index alone. Also every look-up by customer.
    index('reservations_customer_orders_idx').on(
      t.customerId,
      t.createdAt.desc(),
      t.id.desc(),
      t.status,
      t.expiresAt,
      t.lastTravelDate,
      t.firstDeparture,
    ),
    uniqueIndex('reservations_idempotency_uq').on(t.idempotencyKey),
    // The sweep looks for unpaid reservations past their deadline.
    index('reservations_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    // Every reservation counts its booker's unpaid orders (the cap per phone and per email): found
    // through these, not by reading every order awaiting payment.
    index('reservations_pending_phone_idx')
      .on(t.bookerPhone)
      .where(sql`${t.status} = 'pending'`),
    index('reservations_pending_email_idx')
      .on(sql`lower(${t.bookerEmail})`)
      .where(sql`${t.status} = 'pending'`),
    // A voucher's quota counts its reservations on every validation and price check.
    index('reservations_voucher_idx')
      .on(t.voucherCode)
      .where(sql`${t.voucherCode} IS NOT NULL`),
    // A referrer's page counts the bookings made with their code.
    index('reservations_ads_code_idx')
      .on(t.adsCode)
      .where(sql`${t.adsCode} IS NOT NULL`),
  ],
);

/**
 * One seat of one departure held by a reservation or by a seat hold (hold_token, no reservation).
 * `live` is true until the booking is released; the partial unique index lets the database itself
 * refuse a second live booking of a seat. A row with expires_at in the past counts as free: an
 * unpaid reservation or a hold that ran out, waiting for the sweep to set live false.
 */
export const seatBookings = pgTable(
  'seat_bookings',
  {
    id: serial('id').primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id),
    departureDate: date('departure_date').notNull(),
    seatNo: text('seat_no').notNull(),
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'cascade' }),
    live: boolean('live').notNull().default(true),
    /** The seat hold's token while the row is a hold; null once it belongs to a reservation. */
    holdToken: text('hold_token'),
    /** When an unpaid reservation or a hold gives the seat back; null for a paid or seeded booking. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('seat_bookings_hold_idx')
      .on(t.holdToken)
      .where(sql`${t.live} AND ${t.holdToken} IS NOT NULL`),
    index('seat_bookings_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.live} AND ${t.expiresAt} IS NOT NULL`),
    index('seat_bookings_reservation_idx').on(t.reservationId),
    uniqueIndex('seat_bookings_live_uq')
      .on(t.scheduleId, t.departureDate, t.seatNo)
      .where(sql`${t.live}`),
    index('seat_bookings_departure_idx')
      .on(t.scheduleId, t.departureDate)
      .where(sql`${t.live}`),
  ],
);

export const passengers = pgTable(
  'passengers',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    seatBookingId: integer('seat_booking_id').references(() => seatBookings.id),
    direction: text('direction', { enum: ['pergi', 'pulang'] }).notNull(),
    legNo: smallint('leg_no').notNull().default(1),
    name: text('name').notNull(),
  },
  (t) => [index('passengers_reservation_idx').on(t.reservationId)],
);

/**
 * One row per settled payment. The unique reservation_id makes the database refuse a second
 * charge of one order, whichever process hears the provider's notification.
 */
export const payments = pgTable('payments', {
  id: serial('id').primaryKey(),
  reservationId: integer('reservation_id')
    .notNull()
    .unique()
    .references(() => reservations.id, { onDelete: 'cascade' }),
  methodCode: text('method_code').notNull(),
  amount: integer('amount').notNull(),
  provider: text('provider').notNull(),
  providerRef: text('provider_ref').notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
});

/**
 * Each charge asked of a payment gateway (Midtrans): one per method chosen, since the gateway
 * refuses an order_id twice. detail-pembayaran shows the latest without charging again; a
 * notification or a status answer names gateway_order_id, which leads back to the order.
 */
export const paymentCharges = pgTable(
  'payment_charges',
  {
    id: serial('id').primaryKey(),
    /** The order charged, or (flashSaleTransactionId) the flash-sale purchase: exactly one is set. */
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'cascade' }),
    flashSaleTransactionId: integer('flash_sale_transaction_id').references(() => flashSaleTransactions.id, {
      onDelete: 'cascade',
    }),
    gatewayOrderId: text('gateway_order_id').notNull().unique(),
    provider: text('provider').notNull(),
    methodCode: text('method_code').notNull(),
    amount: integer('amount').notNull(),
    transactionId: text('transaction_id'),
    /** VA number, Mandiri bill key or retail payment code. */
    nomorBayar: text('nomor_bayar'),
    /** Mandiri bill payment's biller code. */
    kodeBiller: text('kode_biller'),
    qris: text('qris'),
    /** GoPay's deeplink or the card's 3DS page. */
    urlBayar: text('url_bayar'),
    /**
     * The gateway's last word: pending, settlement, capture, expire, cancel, deny, failure...; ours:
     * `charging` (claimed, the gateway call under way), `abandoned` (its claimer died), `superseded`.
     */
    status: text('status').notNull().default('pending'),
    /** When the charge was claimed, by the database's clock: a claim left `charging` too long was abandoned. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the status sweep last asked the gateway about this charge. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_charges_reservation_idx').on(t.reservationId, t.id),
    index('payment_charges_pending_idx')
      .on(t.expiresAt)
      .where(sql`status = 'pending'`),
    index('payment_charges_flash_sale_idx').on(t.flashSaleTransactionId, t.id),
    // One open charge (being made, or made and awaiting payment) per order, method and amount, and
    // per flash-sale purchase: two concurrent payment pages cannot both charge (ADR 0015).
    uniqueIndex('payment_charges_open_uq')
      .on(t.reservationId, t.methodCode, t.amount)
      .where(sql`status IN ('charging', 'pending') AND reservation_id IS NOT NULL`),
    uniqueIndex('payment_charges_flash_sale_open_uq')
      .on(t.flashSaleTransactionId, t.methodCode, t.amount)
      .where(sql`status IN ('charging', 'pending') AND flash_sale_transaction_id IS NOT NULL`),
    check('payment_charges_target', sql`(reservation_id IS NULL) <> (flash_sale_transaction_id IS NULL)`),
  ],
);

/** Secrets every API process behind one database shares (the order-key secret). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/** A day's flash sale (sesi) and its timed parts (sesi_sub), whose cards sell only while they run. */
export const flashSaleSessions = pgTable(
  'flash_sale_sessions',
  {
    id: serial('id').primaryKey(),
    date: date('date').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('flash_sale_sessions_date_uq').on(t.date)],
);

export const flashSaleSlots = pgTable(
  'flash_sale_slots',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => flashSaleSessions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('flash_sale_slots_session_idx').on(t.sessionId),
    index('flash_sale_slots_starts_idx').on(t.startsAt),
    check('flash_sale_slots_order', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export type QuizOption = { kode: 'A' | 'B' | 'C' | 'D'; teks: string };

/**
 * A flash-sale card: a trip at a flash price with a limited stock. `sold` only moves inside the
 * purchase's transaction, and the check keeps it within the stock whatever the callers do.
 */
export const flashSaleCards = pgTable(
  'flash_sale_cards',
  {
    id: serial('id').primaryKey(),
    slotId: integer('slot_id')
      .notNull()
      .references(() => flashSaleSlots.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    title: text('title').notNull(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    normalPrice: integer('normal_price').notNull(),
    salePrice: integer('sale_price').notNull(),
    stock: integer('stock').notNull(),
    sold: integer('sold').notNull().default(0),
    validFrom: date('valid_from').notNull(),
    validUntil: date('valid_until').notNull(),
    description: text('description').notNull(),
    terms: jsonb('terms').$type<string[]>().notNull(),
    question: text('question').notNull(),
    options: jsonb('options').$type<QuizOption[]>().notNull(),
    answer: char('answer', { length: 1 }).notNull(),
  },
  (t) => [
    index('flash_sale_cards_slot_idx').on(t.slotId),
    check('flash_sale_cards_stock', sql`${t.sold} >= 0 AND ${t.sold} <= ${t.stock}`),
  ],
);

/**
 * A right answer's purchase key (stored hashed): one purchase, for one card, for a short while, by
 * the buyer who answered. The owner is the quiz's own identity of that buyer (`customer:<id>` or, for
 * a guest, `address:<client address>`, as in flash_sale_blocks): a key passed on buys nothing.
 */
export const flashSaleKeys = pgTable(
  'flash_sale_keys',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => flashSaleCards.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull().unique(),
    owner: text('owner').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('flash_sale_keys_expiry_idx').on(t.expiresAt)],
);

/** A wrong answer: the client (customer or address) may not buy the card until its slot ends. */
export const flashSaleBlocks = pgTable(
  'flash_sale_blocks',
  {
    cardId: integer('card_id')
      .notNull()
      .references(() => flashSaleCards.id, { onDelete: 'cascade' }),
    client: text('client').notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('flash_sale_blocks_uq').on(t.cardId, t.client)],
);

export const flashSaleTransactions = pgTable(
  'flash_sale_transactions',
  {
    id: serial('id').primaryKey(),
    code: char('code', { length: 10 }).notNull().unique(),
    cardId: integer('card_id')
      .notNull()
      .references(() => flashSaleCards.id),
    /** One purchase per key: the database refuses a second one. */
    keyId: integer('key_id')
      .notNull()
      .unique()
      .references(() => flashSaleKeys.id),
    customerId: integer('customer_id').references(() => customers.id),
    /** The key's owner: the buyer the per-card purchase cap counts. */
    owner: text('owner').notNull(),
    status: text('status', { enum: ['menunggu-pembayaran', 'lunas', 'kedaluwarsa'] })
      .notNull()
      .default('menunggu-pembayaran'),
    bookerName: text('booker_name').notNull(),
    bookerEmail: text('booker_email').notNull(),
    bookerPhone: text('booker_phone').notNull(),
    paymentMethodCode: text('payment_method_code')
      .notNull()
      .references(() => paymentMethods.code),
    price: integer('price').notNull(),
    fee: integer('fee').notNull(),
    total: integer('total').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    payBy: timestamp('pay_by', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('flash_sale_transactions_customer_idx').on(t.customerId, t.createdAt),
    index('flash_sale_transactions_card_idx').on(t.cardId),
    index('flash_sale_transactions_owner_idx').on(t.cardId, t.owner),
  ],
);

export const feedbackCategories = pgTable('feedback_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  position: smallint('position').notNull(),
});

/** A signed-in customer's feedback and the support team's reply; `replyReadAt` marks the reply read. */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => feedbackCategories.id),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    orderCode: text('order_code'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    replyReadAt: timestamp('reply_read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedbacks_customer_idx').on(t.customerId, t.createdAt)],
);

/** An image with its intrinsic size, so pages reserve its box before it loads. */
export interface ImageRow {
  url: string;
  width: number;
  height: number;
}

export const souvenirCategories = pgTable('souvenir_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  position: smallint('position').notNull(),
});

/** Oleh-oleh the call centre takes orders for; `recommended` ones lead the page. */
export const souvenirProducts = pgTable(
  'souvenir_products',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => souvenirCategories.id),
    name: text('name').notNull().unique(),
    unit: text('unit').notNull(),
    price: integer('price').notNull(),
    origin: text('origin').notNull(),
    seller: text('seller').notNull(),
    description: text('description').notNull(),
    keepsDays: smallint('keeps_days').notNull(),
    image: jsonb('image').$type<ImageRow>().notNull(),
    recommended: boolean('recommended').notNull().default(false),
    position: smallint('position').notNull(),
  },
  (t) => [
    index('souvenir_products_category_idx').on(t.categoryId, t.position),
    check('souvenir_products_price', sql`${t.price} > 0`),
  ],
);

/** Banners by placement (beranda, oleh-oleh, promo); `position` orders them. */
export const bannerCategories = pgTable('banner_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  position: smallint('position').notNull(),
});

export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => bannerCategories.id),
    title: text('title').notNull(),
    image: jsonb('image').$type<ImageRow>().notNull(),
    link: text('link'),
    /** Souvenir category a souvenir banner opens. */
    souvenirCategoryId: integer('souvenir_category_id').references(() => souvenirCategories.id),
    position: smallint('position').notNull(),
  },
  (t) => [index('banners_category_idx').on(t.categoryId, t.position)],
);

/** The popup a campaign's landing shows once per session (banner-popup by ads code). */
export const bannerPopups = pgTable('banner_popups', {
  id: serial('id').primaryKey(),
  adsCode: text('ads_code').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  image: jsonb('image').$type<ImageRow>().notNull(),
  link: text('link'),
  buttonLabel: text('button_label').notNull(),
});

export const events = pgTable('events', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  image: jsonb('image').$type<ImageRow>().notNull(),
  startsOn: date('starts_on').notNull(),
  endsOn: date('ends_on').notNull(),
});

export const eventVouchers = pgTable(
  'event_vouchers',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [uniqueIndex('event_vouchers_uq').on(t.eventId, t.voucherId)],
);

export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  category: text('category').notNull(),
  question: text('question').notNull().unique(),
  answer: text('answer').notNull(),
  recommended: boolean('recommended').notNull().default(false),
  position: smallint('position').notNull(),
});

export const blogPosts = pgTable('blog_posts', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  paragraphs: jsonb('paragraphs').$type<string[]>().notNull(),
  author: text('author').notNull(),
  publishedOn: date('published_on').notNull(),
  image: jsonb('image').$type<ImageRow>().notNull(),
});
