/**
 * Content and lists (spec section 7): banners and their categories, a campaign's popup, events and
 * their vouchers, FAQ, blog posts, popular paths, operators, and the operators of one route on a
 * day. Paths and operators are read from the timetable itself, so they follow what is on sale.
 */
import { and, asc, count, desc, eq, gte, lte, min, sql } from 'drizzle-orm';
import {
  CONTENT_MESSAGES,
  type BannerPopupResults,
  type ContentEvent,
  type DetailBlogResults,
  type ListHighlightOperatorParams,
  type ListHighlightOperatorResults,
  type ListPathResults,
  type ListVoucherEventResults,
} from '../../contract';
import type { Database } from '../db/client';
import {
  bannerCategories,
  bannerPopups,
  banners,
  blogPosts,
  cities,
  eventVouchers,
  events,
  faqs,
  points,
  routes,
  schedules,
  vouchers,
} from '../db/schema';
import { alias } from 'drizzle-orm/pg-core';
import { notFound } from './errors';
import { inBookingWindow } from '../lib/dates';
import { filterCondition, itemsCte } from './schedules/items-sql';
import { departedAt, searchScope } from './schedules/scope';
import { queryRows } from './sql';
import { sizedImage } from './souvenirs';
import { usableVouchers } from './vouchers';

export const POPULAR_PATHS = 8;

export async function bannerCategoryList(db: Database) {
  const rows = await db.select().from(bannerCategories).orderBy(asc(bannerCategories.position));
  return { list: rows.map((row) => ({ kategori_id: row.id, nama: row.name })) };
}

export async function bannerList(db: Database, categoryId: number) {
  const [category] = await db
    .select({ id: bannerCategories.id })
    .from(bannerCategories)
    .where(eq(bannerCategories.id, categoryId));
  if (!category) throw notFound(CONTENT_MESSAGES.bannerCategory);
  const rows = await db.select().from(banners).where(eq(banners.categoryId, categoryId)).orderBy(asc(banners.position));
  return {
    list: rows.map((row) => ({
      banner_id: row.id,
      judul: row.title,
      gambar: sizedImage(row.image),
      // A souvenir banner opens its category on the souvenir page.
      tautan: row.link ?? (row.souvenirCategoryId ? `/app/oleh-oleh?kategori=${row.souvenirCategoryId}` : null),
    })),
  };
}

export async function bannerPopup(db: Database, adsCode: string): Promise<BannerPopupResults> {
  // Campaign codes are matched without regard to case: links get retyped.
  const [row] = await db
    .select()
    .from(bannerPopups)
    .where(eq(sql`upper(${bannerPopups.adsCode})`, adsCode.toUpperCase()));
  if (!row) return { popup: null };
  return {
    popup: {
      ads_kode: row.adsCode,
      judul: row.title,
      deskripsi: row.description,
      gambar: sizedImage(row.image),
      tautan: row.link,
      tombol: row.buttonLabel,
    },
  };
}

function eventOf(row: typeof events.$inferSelect): ContentEvent {
  return {
    event_kode: row.code,
    judul: row.title,
    deskripsi: row.description,
    gambar: sizedImage(row.image),
    mulai: row.startsOn,
    selesai: row.endsOn,
  };
}

export async function runningEvents(db: Database, today: string) {
  const rows = await db
    .select()
    .from(events)
    .where(and(lte(events.startsOn, today), gte(events.endsOn, today)))
    .orderBy(asc(events.endsOn));
  return { list: rows.map(eventOf) };
}

export async function eventVoucherList(db: Database, code: string, today: string): Promise<ListVoucherEventResults> {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.code, code), lte(events.startsOn, today), gte(events.endsOn, today)));
  if (!event) throw notFound(CONTENT_MESSAGES.eventNotFound);
  const rows = await db
    .select({ code: vouchers.code })
    .from(eventVouchers)
    .innerJoin(vouchers, eq(vouchers.id, eventVouchers.voucherId))
    .where(eq(eventVouchers.eventId, event.id))
    .orderBy(asc(eventVouchers.position));
  return {
    event: eventOf(event),
    list: await usableVouchers(
      db,
      today,
      rows.map((row) => row.code),
    ),
  };
}

export async function faqList(db: Database, recommendedOnly: boolean) {
  const rows = await db
    .select()
    .from(faqs)
    .where(recommendedOnly ? eq(faqs.recommended, true) : undefined)
    .orderBy(asc(faqs.position));
  return {
    list: rows.map((row) => ({
      faq_id: row.id,
      kategori: row.category,
      pertanyaan: row.question,
      jawaban: row.answer,
    })),
  };
}

export async function blogDetail(db: Database, code: string, today: string): Promise<DetailBlogResults> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.code, code), lte(blogPosts.publishedOn, today)));
  if (!row) throw notFound(CONTENT_MESSAGES.blogNotFound);
  return {
    kode: row.code,
    judul: row.title,
    ringkasan: row.summary,
    isi: row.paragraphs,
    penulis: row.author,
    terbit: row.publishedOn,
    gambar: sizedImage(row.image),
  };
}

const runsOn = (day: string) => and(lte(schedules.validFrom, day), gte(schedules.validUntil, day));
const fareOf = sql<number>`least(${schedules.price}, coalesce(${schedules.promoPrice}, ${schedules.price}))`;

/** City pairs with the most departures today, and their lowest fare. */
export async function popularPaths(db: Database, today: string): Promise<ListPathResults> {
  const from = alias(points, 'from_point');
  const to = alias(points, 'to_point');
  const fromCity = alias(cities, 'from_city');
  const toCity = alias(cities, 'to_city');
  const rows = await db
    .select({
      fromId: fromCity.id,
      fromName: fromCity.name,
      toId: toCity.id,
      toName: toCity.name,
      departures: count(),
      fare: min(fareOf),
    })
    .from(schedules)
    .innerJoin(routes, eq(routes.id, schedules.routeId))
    .innerJoin(from, eq(from.id, routes.originPointId))
    .innerJoin(to, eq(to.id, routes.destinationPointId))
    .innerJoin(fromCity, eq(fromCity.id, from.cityId))
    .innerJoin(toCity, eq(toCity.id, to.cityId))
    .where(and(runsOn(today), sql`${schedules.price} > 0`))
    .groupBy(fromCity.id, fromCity.name, toCity.id, toCity.name)
    .orderBy(desc(count()), asc(fromCity.name), asc(toCity.name))
    .limit(POPULAR_PATHS);
  return {
    list: rows.map((row) => ({
      asal_id: row.fromId,
      asal_tipe: 'kota' as const,
      asal_nama: row.fromName,
      tujuan_id: row.toId,
      tujuan_tipe: 'kota' as const,
      tujuan_nama: row.toName,
      harga_mulai: Number(row.fare ?? 0),
    })),
  };
}

/**
 * Operators running one route on a day, over the same departures and filters as the schedule
 * list (search-jadwal): their lowest fare, departures and first departure. Departures that have
 * left today are not counted, as the list does not show them.
 */
export async function highlightOperators(
  db: Database,
  today: string,
  query: ListHighlightOperatorParams,
  now: Date = new Date(),
): Promise<ListHighlightOperatorResults> {
  if (!inBookingWindow(query.tanggal_berangkat, today)) return { list: [] };
  const departed = query.tanggal_berangkat === today ? departedAt(today, now) : null;
  const scope = searchScope(
    { ...query, show_connecting: false },
    query.tanggal_berangkat,
    query.tanggal_berangkat,
    departed,
  );
  const rows = await queryRows<{
    code: string;
    name: string;
    logo: string;
    fare: number;
    departures: number;
    first: string;
  }>(
    db,
    sql`
    WITH ${itemsCte(scope)}
    SELECT operator_code AS code, operator_name AS name, operator_logo AS logo,
           min(price_lo)::int AS fare, count(*)::int AS departures, min(time_departure) AS first
    FROM items WHERE ${filterCondition(query)}
    GROUP BY operator_code, operator_name, operator_logo
    ORDER BY min(price_lo), operator_name`,
  );
  return {
    list: rows.map((row) => ({
      operator_kode: row.code,
      operator_nama: row.name,
      operator_logo: row.logo,
      harga_mulai: Number(row.fare),
      jumlah_jadwal: Number(row.departures),
      jam_pertama: row.first.slice(0, 5),
    })),
  };
}
