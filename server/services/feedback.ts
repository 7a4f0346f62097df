/**
 * Feedback (spec section 7): categories, a signed-in customer's feedback and the support team's
 * replies. A customer reads only their own; another's id answers as unknown.
 */
import { and, asc, count, desc, eq, isNull, isNotNull } from 'drizzle-orm';
import {
  FEEDBACK_MESSAGES,
  type Feedback,
  type FeedbackKategoriResults,
  type FeedbackRiwayatResults,
} from '../../contract';
import type { Database } from '../db/client';
import { feedbackCategories, feedbacks } from '../db/schema';
import { ApiError, notFound } from './errors';

const PER_PAGE = 10;

export async function feedbackCategoriesList(db: Database): Promise<FeedbackKategoriResults> {
  const rows = await db.select().from(feedbackCategories).orderBy(asc(feedbackCategories.position));
  return { list: rows.map((row) => ({ kategori_id: row.id, nama: row.name })) };
}

const columns = {
  id: feedbacks.id,
  category: feedbackCategories.name,
  subject: feedbacks.subject,
  message: feedbacks.message,
  orderCode: feedbacks.orderCode,
  reply: feedbacks.reply,
  repliedAt: feedbacks.repliedAt,
  replyReadAt: feedbacks.replyReadAt,
  createdAt: feedbacks.createdAt,
};
const query = (db: Database) =>
  db.select(columns).from(feedbacks).innerJoin(feedbackCategories, eq(feedbackCategories.id, feedbacks.categoryId));
type Row = Awaited<ReturnType<typeof query>>[number];

function feedbackOf(row: Row): Feedback {
  return {
    feedback_id: row.id,
    kategori: row.category,
    judul: row.subject,
    pesan: row.message,
    reservasi_kode: row.orderCode,
    status: row.reply ? 'dibalas' : 'terkirim',
    balasan: row.reply,
    balasan_baru: row.reply !== null && row.replyReadAt === null,
    dibuat_pada: row.createdAt.toISOString(),
    dibalas_pada: row.repliedAt?.toISOString() ?? null,
  };
}

export async function createFeedback(
  db: Database,
  customerId: number,
  body: { kategori_id: number; judul: string; pesan: string; reservasi_kode: string | null },
  now: Date,
): Promise<Feedback> {
  const [category] = await db
    .select({ id: feedbackCategories.id })
    .from(feedbackCategories)
    .where(eq(feedbackCategories.id, body.kategori_id));
  if (!category) throw new ApiError(422, 'REQ-1', FEEDBACK_MESSAGES.category);
  const [row] = await db
    .insert(feedbacks)
    .values({
      customerId,
      categoryId: category.id,
      subject: body.judul,
      message: body.pesan,
      orderCode: body.reservasi_kode,
      createdAt: now,
    })
    .returning({ id: feedbacks.id });
  return feedbackDetail(db, customerId, row!.id, false, now);
}

export async function feedbackHistory(db: Database, customerId: number, page: number): Promise<FeedbackRiwayatResults> {
  const [rows, [total]] = await Promise.all([
    query(db)
      .where(eq(feedbacks.customerId, customerId))
      .orderBy(desc(feedbacks.createdAt), desc(feedbacks.id))
      .limit(PER_PAGE)
      .offset((page - 1) * PER_PAGE),
    db.select({ n: count() }).from(feedbacks).where(eq(feedbacks.customerId, customerId)),
  ]);
  return { list: rows.map(feedbackOf), page, total_page: Math.ceil((total?.n ?? 0) / PER_PAGE) };
}

/** One feedback of the customer; `markRead` records that its reply was opened (once). */
export async function feedbackDetail(
  db: Database,
  customerId: number,
  id: number,
  markRead: boolean,
  now: Date,
): Promise<Feedback> {
  const mine = and(eq(feedbacks.id, id), eq(feedbacks.customerId, customerId));
  if (markRead) {
    await db
      .update(feedbacks)
      .set({ replyReadAt: now })
      .where(and(mine, isNotNull(feedbacks.reply), isNull(feedbacks.replyReadAt)));
  }
  const [row] = await query(db).where(mine).limit(1);
  if (!row) throw notFound(FEEDBACK_MESSAGES.notFound);
  return feedbackOf(row);
}
