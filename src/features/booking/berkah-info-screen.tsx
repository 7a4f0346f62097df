import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { HandHeart, MessageCircleHeart } from 'lucide-react';
import { donationCommentsQueryOptions, donationSummaryQueryOptions } from '../../api/donation-queries';
import { Navbar } from '../../components/navbar';
import { formatRupiah, groupThousands } from '../../lib/format';
import { EmptyState, LoadFailed, PagedList } from '../../components/list-states';
import { formatInstant } from '../../lib/order-format';
import { Card, Skeleton } from '../../components/form-field';
import { BerkahInfo } from './info-content';

export const BERKAH_TEXT = {
  title: 'Donasi Berkah',
  collected: 'Donasi terkumpul',
  donors: (n: number) => `dari ${groupThousands(n)} donatur`,
  comments: 'Doa dan Pesan Baik',
  noComments: 'Belum ada pesan baik',
  noCommentsHint: 'Tambahkan Donasi Berkah dan pesanmu saat memesan tiket.',
  about: 'Tentang Donasi Berkah',
} as const;

/** /app/berkah-info: what the donations have gathered, travellers' messages, and what they fund. */
export function BerkahInfoScreen() {
  return (
    <>
      <Navbar title={BERKAH_TEXT.title} />
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 space-y-4 px-4 py-4">
        <Summary />
        <Comments />
        <Card title={BERKAH_TEXT.about} titleId="berkah-about">
          <BerkahInfo />
        </Card>
      </main>
    </>
  );
}

function Summary() {
  const query = useQuery(donationSummaryQueryOptions());
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  return (
    <section
      aria-labelledby="berkah-total"
      className="rounded-card bg-gradient-to-br from-success-700 to-primary-800 p-5 text-white"
    >
      <h2 id="berkah-total" className="flex items-center gap-2 text-sm font-semibold">
        <HandHeart className="size-5" aria-hidden="true" />
        {BERKAH_TEXT.collected}
      </h2>
      {query.data ? (
        <>
          {/* A sum, never a price: Rp 0 rather than the price rule's "Gratis". */}
          <p className="mt-1 text-3xl font-extrabold">Rp {groupThousands(query.data.total_donasi)}</p>
          <p className="text-sm">{BERKAH_TEXT.donors(query.data.jumlah_donatur)}</p>
        </>
      ) : (
        <Skeleton className="mt-2 h-9 w-48 opacity-60" />
      )}
    </section>
  );
}

function Comments() {
  const query = useInfiniteQuery(donationCommentsQueryOptions());
  return (
    <section aria-labelledby="berkah-comments" className="space-y-3">
      <h2 id="berkah-comments" className="text-lg font-bold">
        {BERKAH_TEXT.comments}
      </h2>
      <PagedList
        query={query}
        loadingLabel="Memuat pesan baik"
        empty={
          <EmptyState
            icon={<MessageCircleHeart className="size-10" aria-hidden="true" />}
            title={BERKAH_TEXT.noComments}
          >
            <p className="mt-1 text-sm text-grey-700">{BERKAH_TEXT.noCommentsHint}</p>
          </EmptyState>
        }
        itemKey={(comment, index) => `${comment.waktu}-${index}`}
        renderItem={(comment) => (
          <div className="hairline rounded-card border-grey-200 bg-white p-4">
            <p className="text-sm">“{comment.komentar}”</p>
            <p className="mt-2 text-xs text-grey-700">
              {comment.nama} · {formatRupiah(comment.donasi)} · {formatInstant(comment.waktu)}
            </p>
          </div>
        )}
      />
    </section>
  );
}
