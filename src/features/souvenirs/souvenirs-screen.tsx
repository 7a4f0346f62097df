import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { PackageSearch, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  souvenirBannersQueryOptions,
  souvenirListQueryOptions,
  souvenirMessageQueryOptions,
  souvenirRecommendationsQueryOptions,
} from '../../api/content-queries';
import { buttonStyles } from '../../components/button-styles';
import { Navbar } from '../../components/navbar';
import { cx } from '../../lib/cx';
import { EmptyState, ListSkeleton, LoadFailed } from '../../components/list-states';
import { Skeleton } from '../../components/form-field';
import { FloatingCart } from './floating-cart';
import { ProductCard, ProductStrip } from './product-card';
import type { SouvenirSearch } from './souvenir-search';

export const SOUVENIR_TEXT = {
  title: 'Oleh-oleh',
  searchLabel: 'Cari oleh-oleh',
  searchPlaceholder: 'Nama produk atau kota',
  searchButton: 'Cari',
  all: 'Semua',
  categories: 'Kategori',
  recommended: 'Rekomendasi',
  products: 'Produk',
  empty: 'Oleh-oleh tidak ditemukan',
  emptyHint: 'Coba kata lain atau pilih kategori Semua.',
  results: (total: number, q: string) => (q ? `${total} hasil untuk “${q}”` : `${total} produk`),
  previous: 'Sebelumnya',
  next: 'Berikutnya',
  page: (page: number, of: number) => `Halaman ${page} dari ${of}`,
  loading: 'Memuat oleh-oleh',
} as const;

/** /app/oleh-oleh: greeting, banners, recommendations, search, categories and pages of products. */
export function SouvenirsScreen({ search }: { search: SouvenirSearch }) {
  const browsing = search.q === '' && search.kategori === undefined && search.page === 1;
  return (
    <>
      <Navbar title={SOUVENIR_TEXT.title} />
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 space-y-5 px-4 py-4 pb-24">
        <Greeting />
        <Banners />
        {browsing ? <Recommendations /> : null}
        <Catalogue search={search} />
      </main>
      <FloatingCart />
    </>
  );
}

function Greeting() {
  const query = useQuery(souvenirMessageQueryOptions());
  if (!query.data) return query.isPending ? <Skeleton className="h-16 w-full" /> : null;
  return (
    <section aria-labelledby="oleh-oleh-greeting" className="rounded-card bg-warning-50 p-4">
      <h2 id="oleh-oleh-greeting" className="text-lg font-bold">
        {query.data.judul}
      </h2>
      <p className="mt-1 text-sm text-grey-800">{query.data.pesan}</p>
    </section>
  );
}

function Banners() {
  const query = useQuery(souvenirBannersQueryOptions());
  const banners = query.data?.list ?? [];
  if (banners.length === 0) return null;
  return (
    <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-1" aria-label="Banner oleh-oleh">
      {banners.map((banner) => (
        <li key={banner.banner_id} className="w-[85%] shrink-0 snap-start desktop:w-[48%]">
          <Link
            to="/app/oleh-oleh"
            search={banner.kategori_id ? { kategori: banner.kategori_id } : {}}
            className="block overflow-hidden rounded-card"
          >
            <img
              src={banner.gambar.url}
              alt={banner.judul}
              width={banner.gambar.lebar}
              height={banner.gambar.tinggi}
              loading="lazy"
              decoding="async"
              className="h-auto w-full"
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Recommendations() {
  const query = useQuery(souvenirRecommendationsQueryOptions());
  return <ProductStrip id="oleh-oleh-rekomendasi" title={SOUVENIR_TEXT.recommended} list={query.data?.list ?? []} />;
}

function Catalogue({ search }: { search: SouvenirSearch }) {
  const navigate = useNavigate({ from: '/app/oleh-oleh/' });
  const query = useQuery(souvenirListQueryOptions({ kategori: search.kategori, q: search.q, page: search.page }));
  const [text, setText] = useState(search.q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate({ search: (prev) => ({ ...prev, q: text.trim(), page: 1 }) });
  };
  const data = query.data;
  return (
    <section aria-labelledby="oleh-oleh-produk" className="space-y-3">
      <h2 id="oleh-oleh-produk" className="text-base font-bold">
        {SOUVENIR_TEXT.products}
      </h2>
      <form role="search" onSubmit={submit} className="flex gap-2">
        <label className="hairline flex min-h-11 flex-1 items-center gap-2 rounded-card border-grey-300 bg-white px-3 focus-within:border-primary-600">
          <Search className="size-4 text-grey-600" aria-hidden="true" />
          <span className="sr-only">{SOUVENIR_TEXT.searchLabel}</span>
          <input
            type="search"
            value={text}
            maxLength={60}
            placeholder={SOUVENIR_TEXT.searchPlaceholder}
            onChange={(event) => setText(event.target.value)}
            className="min-w-0 flex-1 bg-transparent text-sm outline-none"
          />
        </label>
        <button type="submit" className={buttonStyles.primary}>
          {SOUVENIR_TEXT.searchButton}
        </button>
      </form>
      {data ? (
        <nav aria-label={SOUVENIR_TEXT.categories} className="-mx-4 overflow-x-auto px-4">
          <ul className="flex gap-2 pb-1">
            {[{ kategori_id: undefined, nama: SOUVENIR_TEXT.all }, ...data.kategori].map((category) => {
              const current = category.kategori_id === search.kategori;
              return (
                <li key={category.nama} className="shrink-0">
                  <Link
                    to="/app/oleh-oleh"
                    search={{
                      ...(category.kategori_id ? { kategori: category.kategori_id } : {}),
                      ...(search.q ? { q: search.q } : {}),
                    }}
                    aria-current={current ? 'page' : undefined}
                    className={cx(
                      'hairline inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold',
                      current
                        ? 'border-primary-600 bg-primary-600 text-white'
                        : 'border-grey-300 bg-white text-grey-800',
                    )}
                  >
                    {category.nama}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
      {query.isPending ? (
        <ListSkeleton label={SOUVENIR_TEXT.loading} rows={4} />
      ) : query.isError || !data ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : data.list.length === 0 ? (
        <EmptyState icon={<PackageSearch className="size-10" aria-hidden="true" />} title={SOUVENIR_TEXT.empty}>
          <p className="mt-1 text-sm text-grey-700">{SOUVENIR_TEXT.emptyHint}</p>
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-grey-700" role="status">
            {SOUVENIR_TEXT.results(data.total, search.q)}
          </p>
          <ul className={cx('grid grid-cols-2 gap-3 desktop:grid-cols-4', query.isPlaceholderData && 'opacity-60')}>
            {data.list.map((product) => (
              <li key={product.produk_id} className="flex">
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
          {data.total_page > 1 ? (
            <nav
              aria-label={SOUVENIR_TEXT.page(data.page, data.total_page)}
              className="flex items-center justify-between gap-2"
            >
              <PageLink search={search} page={data.page - 1} disabled={data.page <= 1} label={SOUVENIR_TEXT.previous} />
              <span className="text-sm text-grey-700">{SOUVENIR_TEXT.page(data.page, data.total_page)}</span>
              <PageLink
                search={search}
                page={data.page + 1}
                disabled={data.page >= data.total_page}
                label={SOUVENIR_TEXT.next}
              />
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}

function PageLink({
  search,
  page,
  disabled,
  label,
}: {
  search: SouvenirSearch;
  page: number;
  disabled: boolean;
  label: string;
}) {
  if (disabled) {
    return (
      <span aria-disabled="true" className={cx(buttonStyles.secondary, 'border-grey-300 bg-grey-100 text-grey-700')}>
        {label}
      </span>
    );
  }
  return (
    <Link to="/app/oleh-oleh" search={{ ...search, page }} className={buttonStyles.secondary}>
      {label}
    </Link>
  );
}
