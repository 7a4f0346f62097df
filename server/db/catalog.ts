/**
 * The catalogue of souvenirs and the content pages (banners, popups, events, FAQ, blog). Laid out
 * once, when its tables are empty, so a database seeded before they existed gains them on start.
 */
import { count, inArray, sql } from 'drizzle-orm';
import type { Database } from './client';
import {
  bannerCategories,
  bannerPopups,
  banners,
  blogPosts,
  eventVouchers,
  events,
  faqs,
  souvenirCategories,
  souvenirProducts,
  vouchers,
} from './schema';
import { BANNERS, BANNER_CATEGORIES, BLOG_POSTS, FAQS, POPUPS, eventSeeds } from './seed-data/content';
import { SOUVENIRS, SOUVENIR_CATEGORIES, SOUVENIR_IMAGE, souvenirImagePath } from './seed-data/souvenirs';
import { addDays } from './seed-data/random';

const CATALOG_LOCK_KEY = 2_026_112_303;

function idOf(map: Map<string, number>, key: string): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`catalogue: unknown ${key}`);
  return id;
}

export async function seedCatalog(db: Database, today: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CATALOG_LOCK_KEY})`);
    const [row] = await tx.select({ n: count() }).from(souvenirCategories);
    if ((row?.n ?? 0) > 0) return false;

    const souvenirCats = await tx
      .insert(souvenirCategories)
      .values(SOUVENIR_CATEGORIES.map((name, i) => ({ name, position: i + 1 })))
      .returning({ id: souvenirCategories.id, name: souvenirCategories.name });
    const souvenirCatIds = new Map(souvenirCats.map((c) => [c.name, c.id]));
    await tx.insert(souvenirProducts).values(
      SOUVENIRS.map((s, i) => ({
        categoryId: idOf(souvenirCatIds, s.category),
        name: s.name,
        unit: s.unit,
        price: s.price,
        origin: s.origin,
        seller: s.seller,
        description: s.description,
        keepsDays: s.keepsDays,
        image: { url: souvenirImagePath(s.name), ...SOUVENIR_IMAGE },
        recommended: s.recommended ?? false,
        position: i + 1,
      })),
    );

    const bannerCats = await tx
      .insert(bannerCategories)
      .values(BANNER_CATEGORIES.map((name, i) => ({ name, position: i + 1 })))
      .returning({ id: bannerCategories.id, name: bannerCategories.name });
    const bannerCatIds = new Map(bannerCats.map((c) => [c.name, c.id]));
    await tx.insert(banners).values(
      BANNERS.map((b, i) => ({
        categoryId: idOf(bannerCatIds, b.category),
        title: b.title,
        image: b.image,
        link: b.link,
        souvenirCategoryId: b.souvenirCategory ? idOf(souvenirCatIds, b.souvenirCategory) : null,
        position: i + 1,
      })),
    );
    await tx.insert(bannerPopups).values(POPUPS.map((p) => ({ ...p })));

    const eventRows = eventSeeds(today);
    const codes = eventRows.flatMap((e) => e.vouchers);
    const voucherRows = await tx
      .select({ id: vouchers.id, code: vouchers.code })
      .from(vouchers)
      .where(inArray(vouchers.code, codes));
    const voucherIds = new Map(voucherRows.map((v) => [v.code, v.id]));
    for (const { vouchers: codesOfEvent, ...event } of eventRows) {
      const [inserted] = await tx.insert(events).values(event).returning({ id: events.id });
      if (!inserted) throw new Error('catalogue: event not inserted');
      // A database without the seeded vouchers (a bare test database) still gets its events.
      const links = codesOfEvent
        .map((code, i) => ({ eventId: inserted.id, voucherId: voucherIds.get(code), position: i + 1 }))
        .filter(
          (link): link is { eventId: number; voucherId: number; position: number } => link.voucherId !== undefined,
        );
      if (links.length > 0) await tx.insert(eventVouchers).values(links);
    }

    await tx.insert(faqs).values(FAQS.map((f, i) => ({ ...f, position: i + 1 })));
    await tx.insert(blogPosts).values(
      BLOG_POSTS.map(({ publishedDaysAgo, ...post }) => ({
        ...post,
        paragraphs: [...post.paragraphs],
        publishedOn: addDays(today, -publishedDaysAgo),
      })),
    );
    return true;
  });
}
