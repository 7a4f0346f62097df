import { useQuery } from '@tanstack/react-query';
import { Newspaper } from 'lucide-react';
import { blogQueryOptions } from '../../api/content-queries';
import { isApiError } from '../../api/client';
import { Navbar } from '../../components/navbar';
import { formatDateLong } from '../../lib/format';
import { EmptyState, LoadFailed } from '../../components/list-states';
import { Skeleton } from '../../components/form-field';

export const BLOG_TEXT = { title: 'Artikel', notFound: 'Artikel tidak ditemukan', loading: 'Memuat artikel' } as const;

/** /app/blog/$kode: one article (detail-blog). */
export function BlogScreen({ code }: { code: string }) {
  const query = useQuery(blogQueryOptions(code));
  const post = query.data;
  const missing = query.isError && isApiError(query.error) && query.error.status < 500 && query.error.status !== 0;
  return (
    <>
      <Navbar title={BLOG_TEXT.title} />
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 py-4">
        {missing ? (
          <EmptyState icon={<Newspaper className="size-10" aria-hidden="true" />} title={BLOG_TEXT.notFound} />
        ) : query.isError ? (
          <LoadFailed onRetry={() => void query.refetch()} />
        ) : !post ? (
          <div aria-busy="true" aria-label={BLOG_TEXT.loading} className="space-y-3">
            <Skeleton className="aspect-[1200/630] w-full" />
            <Skeleton className="h-7 w-3/4" />
            <Skeleton className="h-4 w-full" />
          </div>
        ) : (
          <article className="space-y-4">
            <img
              src={post.gambar.url}
              alt=""
              width={post.gambar.lebar}
              height={post.gambar.tinggi}
              className="h-auto w-full rounded-card"
            />
            <h1 className="text-2xl leading-tight font-extrabold">{post.judul}</h1>
            <p className="text-sm text-grey-700">
              {post.penulis} · <time dateTime={post.terbit}>{formatDateLong(post.terbit)}</time>
            </p>
            <p className="text-base font-semibold text-grey-800">{post.ringkasan}</p>
            {post.isi.map((paragraph, index) => (
              <p key={index} className="text-base leading-relaxed">
                {paragraph}
              </p>
            ))}
          </article>
        )}
      </main>
    </>
  );
}
