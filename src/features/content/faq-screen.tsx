import { useQuery } from '@tanstack/react-query';
import { ChevronDown, MessageCircle } from 'lucide-react';
import type { Faq } from '../../../contract';
import { configQueryOptions, faqQueryOptions, recommendedFaqQueryOptions } from '../../api/content-queries';
import { buttonStyles } from '../../components/button-styles';
import { Navbar } from '../../components/navbar';
import { externalClick } from '../../platform/native-bridge';
import { ListSkeleton, LoadFailed } from '../../components/list-states';

export const FAQ_TEXT = {
  title: 'Pusat Bantuan',
  popular: 'Pertanyaan Populer',
  all: 'Semua Pertanyaan',
  loading: 'Memuat pertanyaan',
  stillNeed: 'Masih butuh bantuan?',
  chat: 'Chat CS via WhatsApp',
  hours: (hours: string) => `Call center: ${hours}`,
} as const;

/** /app/faq: recommended questions first, then every question by topic, each opening in place. */
export function FaqScreen() {
  const recommended = useQuery(recommendedFaqQueryOptions());
  const all = useQuery(faqQueryOptions());
  const groups = new Map<string, Faq[]>();
  for (const faq of all.data?.list ?? []) groups.set(faq.kategori, [...(groups.get(faq.kategori) ?? []), faq]);
  return (
    <>
      <Navbar title={FAQ_TEXT.title} />
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 space-y-6 px-4 py-4">
        <section aria-labelledby="faq-populer" className="space-y-2">
          <h2 id="faq-populer" className="text-lg font-bold">
            {FAQ_TEXT.popular}
          </h2>
          {recommended.isPending ? (
            <ListSkeleton label={FAQ_TEXT.loading} rows={3} />
          ) : recommended.isError ? (
            <LoadFailed onRetry={() => void recommended.refetch()} />
          ) : (
            <FaqList list={recommended.data.list} idPrefix="populer" />
          )}
        </section>
        <section aria-labelledby="faq-semua" className="space-y-4">
          <h2 id="faq-semua" className="text-lg font-bold">
            {FAQ_TEXT.all}
          </h2>
          {all.isPending ? (
            <ListSkeleton label={FAQ_TEXT.loading} rows={4} />
          ) : all.isError ? (
            <LoadFailed onRetry={() => void all.refetch()} />
          ) : (
            [...groups].map(([category, list]) => (
              <div key={category} className="space-y-2">
                <h3 className="text-sm font-semibold text-grey-700">{category}</h3>
                <FaqList list={list} idPrefix="semua" />
              </div>
            ))
          )}
        </section>
        <CallCentre />
      </main>
    </>
  );
}

function FaqList({ list, idPrefix }: { list: readonly Faq[]; idPrefix: string }) {
  return (
    <ul className="space-y-2">
      {list.map((faq) => (
        <li key={faq.faq_id}>
          {/* Native disclosure: keyboard, screen readers and find-in-page work without script. */}
          <details className="group hairline rounded-card border-grey-200 bg-white" id={`${idPrefix}-${faq.faq_id}`}>
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 p-4 text-sm font-semibold [&::-webkit-details-marker]:hidden">
              {faq.pertanyaan}
              <ChevronDown className="size-5 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
            </summary>
            <p className="px-4 pb-4 text-sm text-grey-800">{faq.jawaban}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}

/** The configured call centre: WhatsApp chat and service hours. */
export function CallCentre() {
  const config = useQuery(configQueryOptions());
  if (!config.data) return null;
  const { whatsapp, jam_layanan } = config.data.call_center;
  return (
    <section aria-labelledby="faq-bantuan" className="rounded-card bg-primary-50 p-4">
      <h2 id="faq-bantuan" className="text-base font-bold">
        {FAQ_TEXT.stillNeed}
      </h2>
      <p className="mt-1 text-sm text-grey-800">{FAQ_TEXT.hours(jam_layanan)}</p>
      <a
        href={`https://wa.me/${whatsapp}`}
        target="_blank"
        rel="noopener noreferrer"
        onClick={externalClick('whatsapp')}
        className={`${buttonStyles.primary} mt-3`}
      >
        <MessageCircle className="size-4" aria-hidden="true" />
        {FAQ_TEXT.chat}
      </a>
    </section>
  );
}
