import { useQuery } from '@tanstack/react-query';
import { Clock, MapPin, Plus, Store } from 'lucide-react';
import { Button } from 'react-aria-components';
import { souvenirDetailQueryOptions, souvenirRecommendationsQueryOptions } from '../../api/content-queries';
import { isApiError } from '../../api/client';
import { buttonStyles } from '../../components/button-styles';
import { Navbar } from '../../components/navbar';
import { cx } from '../../lib/cx';
import { formatRupiah } from '../../lib/format';
import { EmptyState, LoadFailed } from '../../components/list-states';
import { Skeleton } from '../../components/form-field';
import { useSouvenirCart } from '../../flow/souvenir-cart-actor';
import { FloatingCart } from './floating-cart';
import { ProductStrip, cartProductOf } from './product-card';
import { SOUVENIR_TEXT } from './souvenirs-screen';

export const DETAIL_TEXT = {
  title: 'Detail Oleh-oleh',
  add: 'Tambah ke Keranjang',
  seller: 'Penjual',
  origin: 'Asal',
  keeps: (days: number) => (days >= 365 ? 'Tahan lebih dari setahun' : `Tahan sekitar ${days} hari`),
  notFound: 'Produk oleh-oleh tidak ditemukan',
  others: 'Oleh-oleh lainnya',
} as const;

/** /app/oleh-oleh/$id: one product, into the cart, and others worth taking home. */
export function SouvenirDetailScreen({ productId }: { productId: number }) {
  const query = useQuery({ ...souvenirDetailQueryOptions(productId), enabled: productId > 0 });
  const cart = useSouvenirCart();
  const missing = productId <= 0 || (query.isError && isApiError(query.error) && query.error.status === 404);
  const product = query.data;
  return (
    <>
      <Navbar title={DETAIL_TEXT.title} />
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 space-y-5 px-4 py-4 pb-24">
        {missing ? (
          <EmptyState icon={<Store className="size-10" aria-hidden="true" />} title={DETAIL_TEXT.notFound} />
        ) : query.isError ? (
          <LoadFailed onRetry={() => void query.refetch()} />
        ) : !product ? (
          <div aria-busy="true" aria-label={SOUVENIR_TEXT.loading} className="space-y-3">
            <Skeleton className="aspect-[4/3] w-full" />
            <Skeleton className="h-6 w-2/3" />
          </div>
        ) : (
          <article className="desktop:grid desktop:grid-cols-2 desktop:gap-6">
            <img
              src={product.gambar.url}
              alt=""
              width={product.gambar.lebar}
              height={product.gambar.tinggi}
              className="aspect-[4/3] h-auto w-full rounded-card object-cover"
            />
            <div className="mt-4 space-y-3 desktop:mt-0">
              <p className="text-xs font-semibold text-primary-700 uppercase">{product.kategori}</p>
              <h1 className="text-xl font-extrabold">{product.nama}</h1>
              <p className="text-lg font-bold text-primary-700">
                {formatRupiah(product.harga)}{' '}
                <span className="text-sm font-normal text-grey-700">/ {product.satuan}</span>
              </p>
              <ul className="space-y-1 text-sm text-grey-800">
                <li className="flex items-center gap-2">
                  <MapPin className="size-4" aria-hidden="true" />
                  {DETAIL_TEXT.origin}: {product.asal}
                </li>
                <li className="flex items-center gap-2">
                  <Store className="size-4" aria-hidden="true" />
                  {DETAIL_TEXT.seller}: {product.penjual}
                </li>
                <li className="flex items-center gap-2">
                  <Clock className="size-4" aria-hidden="true" />
                  {DETAIL_TEXT.keeps(product.tahan_hari)}
                </li>
              </ul>
              <p className="text-sm">{product.deskripsi}</p>
              <Button
                className={cx(buttonStyles.primary, 'w-full')}
                onPress={() => cart.send({ type: 'cart.add', product: cartProductOf(product) })}
              >
                <Plus className="size-4" aria-hidden="true" />
                {DETAIL_TEXT.add}
              </Button>
            </div>
          </article>
        )}
        <Others except={productId} />
      </main>
      <FloatingCart />
    </>
  );
}

function Others({ except }: { except: number }) {
  const query = useQuery(souvenirRecommendationsQueryOptions());
  const list = (query.data?.list ?? []).filter((product) => product.produk_id !== except);
  return <ProductStrip id="oleh-oleh-lainnya" title={DETAIL_TEXT.others} list={list} />;
}
