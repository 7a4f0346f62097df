import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { cx } from '../lib/cx';
import { buttonStyles } from './button-styles';
import { Skeleton } from './form-field';

/** What a failed read says on every screen that lists or loads something. */
export const LOAD_FAILED_TEXT = 'Data belum dapat dimuat. Periksa koneksi kamu, lalu coba lagi.';

/** A failed read: what happened, in the traveller's words, and "Coba Lagi". */
export function LoadFailed({ onRetry, message = LOAD_FAILED_TEXT }: { onRetry: () => void; message?: string }) {
  return (
    <section role="alert" className="hairline rounded-card border-grey-200 bg-white p-6 text-center">
      <CircleAlert className="mx-auto size-10 text-danger-600" aria-hidden="true" />
      <p className="mt-3 font-semibold">{message}</p>
      <button type="button" onClick={onRetry} className={cx(buttonStyles.secondary, 'mt-4')}>
        Coba Lagi
      </button>
    </section>
  );
}

/** Rows of grey bars while a list loads. */
export function ListSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <div aria-busy="true" aria-label={label} className="space-y-3">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="hairline space-y-2 rounded-card border-grey-200 bg-white p-4">
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ))}
    </div>
  );
}

/** Nothing to show yet, and where to go instead. */
export function EmptyState({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <section className="hairline rounded-card border-grey-200 bg-white p-6 text-center">
      <div className="mx-auto flex justify-center text-primary-600">{icon}</div>
      <p className="mt-3 text-lg font-bold">{title}</p>
      {children}
    </section>
  );
}

/** The next page of a paged list, with progress while it loads. */
export function LoadMore({ loading, onLoad }: { loading: boolean; onLoad: () => void }) {
  return (
    <button type="button" className={cx(buttonStyles.secondary, 'w-full')} disabled={loading} onClick={onLoad}>
      {loading ? 'Memuat…' : 'Muat lebih banyak'}
    </button>
  );
}

/** What PagedList needs of a TanStack infinite query over pages of `{ list }`. */
interface PagedQuery<T> {
  isPending: boolean;
  isError: boolean;
  data?: { pages: readonly { list: readonly T[] }[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/**
 * A paged list read page by page: skeletons while the first page loads, the failure with "Coba
 * Lagi", the empty state, then the rows and "Muat lebih banyak" while pages remain.
 */
export function PagedList<T>({
  query,
  loadingLabel,
  empty,
  listLabel,
  listClassName = 'space-y-2',
  itemKey,
  renderItem,
}: {
  query: PagedQuery<T>;
  loadingLabel: string;
  empty: ReactNode;
  listLabel?: string;
  listClassName?: string;
  itemKey: (item: T, index: number) => string | number;
  renderItem: (item: T) => ReactNode;
}) {
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  if (query.isPending) return <ListSkeleton label={loadingLabel} />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (items.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className={listClassName} aria-label={listLabel}>
        {items.map((item, index) => (
          <li key={itemKey(item, index)}>{renderItem(item)}</li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
      ) : null}
    </>
  );
}
