import type { ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { CircleAlert, LogIn } from 'lucide-react';
import { buttonStyles } from '../../components/button-styles';
import { Navbar } from '../../components/navbar';
import { cx } from '../../lib/cx';
import { Skeleton } from '../booking/form-field';
import { useSignedIn } from './use-signed-in';

/** Spec section 6: what a guest reads where a signed-in customer's feature would be. */
export const SIGN_IN_TEXT = 'Masuk untuk bisa gunakan fitur ini';
export const LOAD_FAILED_TEXT = 'Data belum dapat dimuat. Periksa koneksi kamu, lalu coba lagi.';

/**
 * The frame of every customer screen: the navbar and, for a guest, the spec's sign-in text with a
 * "Masuk" link that comes back here after signing in.
 */
export function AccountPage({ title, children }: { title: string; children: ReactNode }) {
  const signedIn = useSignedIn();
  return (
    <>
      <Navbar title={title} />
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 space-y-4 px-4 py-4">
        {signedIn ? children : <SignInPrompt />}
      </main>
    </>
  );
}

/** "Masuk untuk bisa gunakan fitur ini" with the way to sign in and back to this page. */
export function SignInPrompt() {
  const href = useRouterState({ select: (state) => state.location.href });
  return (
    <section className="hairline rounded-card border-grey-200 bg-white p-6 text-center">
      <LogIn className="mx-auto size-10 text-primary-600" aria-hidden="true" />
      <p className="mt-3 text-lg font-bold">{SIGN_IN_TEXT}</p>
      <Link to="/app/login" search={{ redirect: href }} className={cx(buttonStyles.primary, 'mt-5')}>
        Masuk
      </Link>
    </section>
  );
}

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
