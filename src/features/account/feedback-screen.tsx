import { useEffect, useId, useState, type FormEvent } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MessageSquareText } from 'lucide-react';
import {
  FEEDBACK_LIMITS,
  FEEDBACK_MESSAGES,
  FeedbackMessageSchema,
  FeedbackSubjectSchema,
  type Feedback,
} from '../../../contract/feedback';
import { firstError } from '../../../contract/fields';
import { toast } from '../../../machines/toast';
import {
  feedbackCategoriesQueryOptions,
  feedbackDetailQueryOptions,
  feedbackHistoryQueryOptions,
  sendFeedback,
} from '../../api/account-queries';
import { isApiError } from '../../api/client';
import { buttonStyles } from '../../components/button-styles';
import { useAppFlow } from '../../flow/app-flow';
import { cx } from '../../lib/cx';
import { TextField } from '../../components/form-field';
import { formatInstant } from '../../lib/order-format';
import { AccountPage } from '../../components/account-page';
import { EmptyState, ListSkeleton, LoadFailed, PagedList } from '../../components/list-states';

export const FEEDBACK_TEXT = {
  title: 'Masukan',
  form: 'Kirim Masukan',
  category: 'Kategori',
  chooseCategory: 'Pilih kategori',
  subject: 'Judul',
  message: 'Pesan',
  order: 'Kode pesanan (opsional)',
  send: 'Kirim Masukan',
  sending: 'Mengirim…',
  history: 'Riwayat Masukan',
  empty: 'Belum ada masukan',
  status: { terkirim: 'Terkirim', dibalas: 'Dibalas' },
  newReply: 'Balasan baru',
  reply: 'Balasan tim Berangkat',
  noReply: 'Belum ada balasan. Tim kami membalas dalam 2 x 24 jam kerja.',
  back: 'Kembali ke Masukan',
} as const;

/** /app/customer/feedback: write to the support team, and the feedback sent with its replies. */
export function FeedbackScreen() {
  return (
    <AccountPage title={FEEDBACK_TEXT.title}>
      <FeedbackForm />
      <History />
    </AccountPage>
  );
}

type Values = { kategori_id: string; judul: string; pesan: string; reservasi_kode: string };
const EMPTY: Values = { kategori_id: '', judul: '', pesan: '', reservasi_kode: '' };

function errorsOf(values: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (!values.kategori_id) errors.kategori_id = FEEDBACK_MESSAGES.category;
  const subject = firstError(FeedbackSubjectSchema, values.judul);
  const message = firstError(FeedbackMessageSchema, values.pesan);
  if (subject) errors.judul = subject;
  if (message) errors.pesan = message;
  return errors;
}

function FeedbackForm() {
  const flow = useAppFlow();
  const queryClient = useQueryClient();
  const categories = useQuery(feedbackCategoriesQueryOptions());
  const [values, setValues] = useState<Values>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const ids = { category: useId(), message: useId() };
  const send = useMutation({
    mutationFn: sendFeedback,
    onSuccess: () => {
      setValues(EMPTY);
      setSubmitted(false);
      void queryClient.invalidateQueries({ queryKey: feedbackHistoryQueryOptions().queryKey });
      flow.toaster.send(toast(FEEDBACK_MESSAGES.sent, 'bottom'));
    },
  });
  const errors = submitted ? errorsOf(values) : {};
  const set = (field: keyof Values) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errorsOf(values)).length > 0) return;
    send.mutate({
      kategori_id: Number(values.kategori_id),
      judul: values.judul,
      pesan: values.pesan,
      reservasi_kode: values.reservasi_kode.trim() || null,
    });
  };
  const refusal = send.isError
    ? isApiError(send.error) && send.error.code !== 'NETWORK' && send.error.code !== 'BAD_REPLY'
      ? send.error.message
      : 'Masukan belum terkirim. Periksa koneksi kamu, lalu coba lagi.'
    : null;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="feedback-form"
      className="hairline space-y-4 rounded-card border-grey-200 bg-white p-5"
    >
      <h2 id="feedback-form" className="font-bold">
        {FEEDBACK_TEXT.form}
      </h2>
      <div>
        <label htmlFor={ids.category} className="text-sm font-semibold text-grey-800">
          {FEEDBACK_TEXT.category}
        </label>
        <select
          id={ids.category}
          value={values.kategori_id}
          onChange={(event) => set('kategori_id')(event.target.value)}
          aria-invalid={errors.kategori_id ? true : undefined}
          aria-describedby={errors.kategori_id ? `${ids.category}-error` : undefined}
          className={cx(
            'hairline mt-1 min-h-11 w-full rounded-card bg-white px-3 text-base',
            errors.kategori_id ? 'border-danger-600' : 'border-grey-300',
          )}
        >
          <option value="">{FEEDBACK_TEXT.chooseCategory}</option>
          {categories.data?.list.map((category) => (
            <option key={category.kategori_id} value={category.kategori_id}>
              {category.nama}
            </option>
          ))}
        </select>
        {errors.kategori_id ? (
          <p id={`${ids.category}-error`} className="mt-1 text-sm text-danger-700">
            {errors.kategori_id}
          </p>
        ) : null}
      </div>
      <TextField
        label={FEEDBACK_TEXT.subject}
        value={values.judul}
        onValueChange={set('judul')}
        error={errors.judul ?? null}
        maxLength={FEEDBACK_LIMITS.subjectMax}
      />
      <div>
        <label htmlFor={ids.message} className="text-sm font-semibold text-grey-800">
          {FEEDBACK_TEXT.message}
        </label>
        <textarea
          id={ids.message}
          value={values.pesan}
          rows={5}
          maxLength={FEEDBACK_LIMITS.messageMax}
          onChange={(event) => set('pesan')(event.target.value)}
          aria-invalid={errors.pesan ? true : undefined}
          aria-describedby={`${ids.message}-count${errors.pesan ? ` ${ids.message}-error` : ''}`}
          className={cx(
            'hairline mt-1 w-full rounded-card bg-white px-3 py-2 text-base',
            errors.pesan ? 'border-danger-600' : 'border-grey-300',
          )}
        />
        <p id={`${ids.message}-count`} className="text-right text-xs text-grey-700">
          {values.pesan.length}/{FEEDBACK_LIMITS.messageMax}
        </p>
        {errors.pesan ? (
          <p id={`${ids.message}-error`} className="text-sm text-danger-700">
            {errors.pesan}
          </p>
        ) : null}
      </div>
      <TextField
        label={FEEDBACK_TEXT.order}
        value={values.reservasi_kode}
        onValueChange={set('reservasi_kode')}
        error={null}
        maxLength={16}
      />
      {refusal ? (
        <p role="alert" className="text-sm text-danger-700">
          {refusal}
        </p>
      ) : null}
      <button type="submit" className={cx(buttonStyles.primary, 'w-full')} disabled={send.isPending}>
        {send.isPending ? FEEDBACK_TEXT.sending : FEEDBACK_TEXT.send}
      </button>
    </form>
  );
}

function History() {
  const query = useInfiniteQuery(feedbackHistoryQueryOptions());
  return (
    <section aria-labelledby="feedback-history" className="space-y-3">
      <h2 id="feedback-history" className="text-lg font-bold">
        {FEEDBACK_TEXT.history}
      </h2>
      <PagedList
        query={query}
        loadingLabel="Memuat riwayat masukan"
        empty={
          <EmptyState icon={<MessageSquareText className="size-10" aria-hidden="true" />} title={FEEDBACK_TEXT.empty} />
        }
        itemKey={(item) => item.feedback_id}
        renderItem={(item) => <FeedbackItem item={item} />}
      />
    </section>
  );
}

function FeedbackItem({ item }: { item: Feedback }) {
  return (
    <Link
      to="/app/customer/feedback/$id"
      params={{ id: String(item.feedback_id) }}
      className="hairline block rounded-card border-grey-200 bg-white p-4 hover:bg-grey-50"
    >
      <span className="flex items-center gap-2 text-xs text-grey-700">
        {item.kategori} · {formatInstant(item.dibuat_pada)}
        {item.balasan_baru ? (
          <span className="rounded-full bg-danger-600 px-2 py-0.5 font-semibold text-white">
            {FEEDBACK_TEXT.newReply}
          </span>
        ) : null}
      </span>
      <span className="mt-1 block font-bold">{item.judul}</span>
      <span className="block text-sm text-grey-700">{FEEDBACK_TEXT.status[item.status]}</span>
    </Link>
  );
}

/** /app/customer/feedback/$id: the feedback and its reply; opening it marks the reply read. */
export function FeedbackDetailScreen({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const query = useQuery(feedbackDetailQueryOptions(id));
  useEffect(() => {
    // The reply is read now: the history's "Balasan baru" must not linger.
    if (query.data)
      void queryClient.invalidateQueries({ queryKey: feedbackHistoryQueryOptions().queryKey, exact: true });
  }, [query.data, queryClient]);
  return (
    <AccountPage title={FEEDBACK_TEXT.title}>
      {query.isError ? (
        <LoadFailed
          onRetry={() => void query.refetch()}
          {...(isApiError(query.error) && query.error.code === 'NFD-1' ? { message: FEEDBACK_MESSAGES.notFound } : {})}
        />
      ) : !query.data ? (
        <ListSkeleton rows={2} label="Memuat masukan" />
      ) : (
        <article aria-labelledby="feedback-title" className="hairline rounded-card border-grey-200 bg-white p-5">
          <p className="text-xs text-grey-700">
            {query.data.kategori} · {formatInstant(query.data.dibuat_pada)}
          </p>
          <h2 id="feedback-title" className="mt-1 text-lg font-bold">
            {query.data.judul}
          </h2>
          <p className="mt-2 text-sm whitespace-pre-line">{query.data.pesan}</p>
          <section aria-labelledby="feedback-reply" className="mt-4 rounded-card bg-grey-50 p-4">
            <h3 id="feedback-reply" className="text-sm font-bold">
              {FEEDBACK_TEXT.reply}
            </h3>
            <p className="mt-1 text-sm whitespace-pre-line">{query.data.balasan ?? FEEDBACK_TEXT.noReply}</p>
          </section>
        </article>
      )}
      <Link to="/app/customer/feedback" className={cx(buttonStyles.secondary, 'w-full')}>
        {FEEDBACK_TEXT.back}
      </Link>
    </AccountPage>
  );
}
