import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { Button } from 'react-aria-components';
import type { SouvenirProduct } from '../../../contract';
import type { CartProduct } from '../../../machines/souvenir-cart.machine';
import { buttonStyles } from '../../components/button-styles';
import { cx } from '../../lib/cx';
import { formatRupiah } from '../../lib/format';
import { useSouvenirCart } from '../../flow/souvenir-cart-actor';

export const PRODUCT_TEXT = {
  add: 'Tambah',
  addLabel: (name: string) => `Tambah ${name} ke keranjang`,
} as const;

export const cartProductOf = (product: SouvenirProduct): CartProduct => ({
  id: product.produk_id,
  name: product.nama,
  unit: product.satuan,
  price: product.harga,
  image: product.gambar.url,
});

/** A product in the grid: its page behind the name, and "Tambah" straight into the cart. */
export function ProductCard({ product, compact = false }: { product: SouvenirProduct; compact?: boolean }) {
  const cart = useSouvenirCart();
  return (
    <article
      className={cx(
        'hairline flex flex-col overflow-hidden rounded-card border-grey-200 bg-white',
        compact && 'w-44 shrink-0',
      )}
    >
      <img
        src={product.gambar.url}
        alt=""
        width={product.gambar.lebar}
        height={product.gambar.tinggi}
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] h-auto w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="text-sm leading-snug font-semibold">
          <Link to="/app/oleh-oleh/$id" params={{ id: String(product.produk_id) }} className="hover:underline">
            {product.nama}
          </Link>
        </h3>
        <p className="text-xs text-grey-700">
          {product.satuan} · {product.asal}
        </p>
        <p className="mt-auto pt-1 text-sm font-bold text-primary-700">{formatRupiah(product.harga)}</p>
        <Button
          aria-label={PRODUCT_TEXT.addLabel(product.nama)}
          className={cx(buttonStyles.secondary, 'mt-1 w-full')}
          onPress={() => cart.send({ type: 'cart.add', product: cartProductOf(product) })}
        >
          <Plus className="size-4" aria-hidden="true" />
          {PRODUCT_TEXT.add}
        </Button>
      </div>
    </article>
  );
}

/** A titled row of products that scrolls sideways (recommendations). */
export function ProductStrip({ id, title, list }: { id: string; title: string; list: readonly SouvenirProduct[] }) {
  if (list.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-base font-bold">
        {title}
      </h2>
      <div className="-mx-4 mt-2 flex gap-3 overflow-x-auto px-4 pb-1">
        {list.map((product) => (
          <ProductCard key={product.produk_id} product={product} compact />
        ))}
      </div>
    </section>
  );
}
