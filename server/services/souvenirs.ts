/**
 * Oleh-oleh (spec section 7 "Souvenirs"): the catalogue with search and paging, a product, the
 * recommendations, and how an order reads in the call centre's WhatsApp.
 */
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import {
  SOUVENIR_MESSAGES,
  type DetailProdukOlehOlehResults,
  type FormatPesanOlehOlehResults,
  type ListProdukOlehOlehResults,
  type SouvenirProduct,
} from '../../contract';
import type { Database } from '../db/client';
import { banners, bannerCategories, souvenirCategories, souvenirProducts, type ImageRow } from '../db/schema';
import { SOUVENIR_MESSAGE, SOUVENIR_ORDER_FORMAT } from '../db/seed-data/souvenirs';
import { notFound } from './errors';
import { containsPattern } from './sql';

export const SOUVENIR_BANNER_CATEGORY = 'Oleh-oleh';

export const sizedImage = (image: ImageRow) => ({ url: image.url, lebar: image.width, tinggi: image.height });

const columns = {
  id: souvenirProducts.id,
  categoryId: souvenirProducts.categoryId,
  category: souvenirCategories.name,
  name: souvenirProducts.name,
  unit: souvenirProducts.unit,
  price: souvenirProducts.price,
  origin: souvenirProducts.origin,
  image: souvenirProducts.image,
};
const products = (db: Database) =>
  db
    .select(columns)
    .from(souvenirProducts)
    .innerJoin(souvenirCategories, eq(souvenirCategories.id, souvenirProducts.categoryId));
type Row = Awaited<ReturnType<typeof products>>[number];

function productOf(row: Row): SouvenirProduct {
  return {
    produk_id: row.id,
    kategori_id: row.categoryId,
    kategori: row.category,
    nama: row.name,
    satuan: row.unit,
    harga: row.price,
    asal: row.origin,
    gambar: sizedImage(row.image),
  };
}

export function souvenirMessage() {
  return { ...SOUVENIR_MESSAGE };
}

export async function souvenirBanners(db: Database) {
  const rows = await db
    .select({ id: banners.id, title: banners.title, image: banners.image, categoryId: banners.souvenirCategoryId })
    .from(banners)
    .innerJoin(bannerCategories, eq(bannerCategories.id, banners.categoryId))
    .where(eq(bannerCategories.name, SOUVENIR_BANNER_CATEGORY))
    .orderBy(asc(banners.position));
  return {
    list: rows.map((row) => ({
      banner_id: row.id,
      judul: row.title,
      gambar: sizedImage(row.image),
      kategori_id: row.categoryId,
    })),
  };
}

export async function souvenirList(
  db: Database,
  query: { kategori_id?: number | undefined; page: number; per_page: number; search: string },
): Promise<ListProdukOlehOlehResults> {
  const categories = await db.select().from(souvenirCategories).orderBy(asc(souvenirCategories.position));
  if (query.kategori_id !== undefined && !categories.some((c) => c.id === query.kategori_id)) {
    throw notFound(SOUVENIR_MESSAGES.category);
  }
  const filters: SQL[] = [];
  if (query.kategori_id !== undefined) filters.push(eq(souvenirProducts.categoryId, query.kategori_id));
  if (query.search !== '') {
    const pattern = containsPattern(query.search);
    const match = or(ilike(souvenirProducts.name, pattern), ilike(souvenirProducts.origin, pattern));
    if (match) filters.push(match);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    products(db)
      .where(where)
      .orderBy(asc(souvenirCategories.position), asc(souvenirProducts.position))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(souvenirProducts).where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    list: rows.map(productOf),
    kategori: categories.map((c) => ({ kategori_id: c.id, nama: c.name })),
    page: query.page,
    per_page: query.per_page,
    total: n,
    total_page: Math.ceil(n / query.per_page),
  };
}

export async function souvenirDetail(db: Database, id: number): Promise<DetailProdukOlehOlehResults> {
  const [row] = await db
    .select({
      ...columns,
      seller: souvenirProducts.seller,
      description: souvenirProducts.description,
      keepsDays: souvenirProducts.keepsDays,
    })
    .from(souvenirProducts)
    .innerJoin(souvenirCategories, eq(souvenirCategories.id, souvenirProducts.categoryId))
    .where(eq(souvenirProducts.id, id));
  if (!row) throw notFound(SOUVENIR_MESSAGES.notFound);
  return { ...productOf(row), deskripsi: row.description, penjual: row.seller, tahan_hari: row.keepsDays };
}

export async function souvenirRecommendations(db: Database) {
  const rows = await products(db).where(eq(souvenirProducts.recommended, true)).orderBy(asc(souvenirProducts.position));
  return { list: rows.map(productOf) };
}

export function souvenirOrderFormat(whatsapp: string): FormatPesanOlehOlehResults {
  return { whatsapp, ...SOUVENIR_ORDER_FORMAT };
}
