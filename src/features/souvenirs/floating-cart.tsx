import { useQuery } from '@tanstack/react-query';
import { Minus, Plus, ShoppingBag, Trash2, X } from 'lucide-react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { SOUVENIR_LIMITS } from '../../../contract/souvenir';
import { cartCount, cartTotal, isCartOpen, isTutorialShowing } from '../../../machines/souvenir-cart.machine';
import { souvenirOrderFormatQueryOptions } from '../../api/content-queries';
import { buttonStyles } from '../../components/button-styles';
import { cx } from '../../lib/cx';
import { formatRupiah } from '../../lib/format';
import { externalClick } from '../../platform/native-bridge';
import { useCartSelector, useSouvenirCart } from '../../flow/souvenir-cart-actor';
import { souvenirOrderLink } from './whatsapp-order';

export const CART_TEXT = {
  title: 'Keranjang Oleh-oleh',
  open: (n: number) => `Buka keranjang oleh-oleh, ${n} barang`,
  tutorial: 'Keranjang oleh-olehmu ada di sini. Buka untuk melihat pesanan dan memesan lewat WhatsApp.',
  tutorialOk: 'Mengerti',
  total: 'Total',
  order: 'Pesan via WhatsApp',
  clear: 'Kosongkan Keranjang',
  close: 'Tutup keranjang',
  remove: (name: string) => `Hapus ${name}`,
  less: (name: string) => `Kurangi ${name}`,
  more: (name: string) => `Tambah ${name}`,
  quantity: (name: string, n: number) => `${n} × ${name}`,
  note: 'Ongkos kirim dan pembayaran dikonfirmasi oleh CS lewat WhatsApp.',
} as const;

/** The floating cart of the souvenir pages (spec section 2), its once-only hint and its panel. */
export function FloatingCart() {
  const cart = useSouvenirCart();
  const count = useCartSelector(cartCount);
  const open = useCartSelector(isCartOpen);
  const tutorial = useCartSelector(isTutorialShowing);
  if (count === 0) return null;
  return (
    <>
      <div className="pointer-events-none fixed inset-x-0 bottom-4 z-30 mx-auto flex max-w-5xl flex-col items-end gap-2 px-4">
        {tutorial ? (
          <div
            role="note"
            className="pointer-events-auto max-w-64 rounded-card bg-grey-900 p-3 text-sm text-white shadow-lg"
          >
            <p>{CART_TEXT.tutorial}</p>
            <Button
              className="mt-2 min-h-11 rounded-card px-3 font-semibold text-primary-200 hover:bg-grey-800"
              onPress={() => cart.send({ type: 'tutorial.dismiss' })}
            >
              {CART_TEXT.tutorialOk}
            </Button>
          </div>
        ) : null}
        <Button
          aria-label={CART_TEXT.open(count)}
          onPress={() => cart.send({ type: 'cart.open' })}
          className="pointer-events-auto relative inline-flex size-14 items-center justify-center rounded-full bg-primary-600 text-white shadow-lg hover:bg-primary-700"
        >
          <ShoppingBag className="size-6" aria-hidden="true" />
          <span
            aria-hidden="true"
            className="absolute -top-1 -right-1 min-w-6 rounded-full bg-danger-600 px-1.5 text-center text-xs leading-6 font-bold"
          >
            {count}
          </span>
        </Button>
      </div>
      <ModalOverlay
        isOpen={open}
        isDismissable
        onOpenChange={(next) => {
          if (!next) cart.send({ type: 'cart.close' });
        }}
        className="fixed inset-0 z-50 flex items-end justify-center bg-grey-900/40 desktop:items-stretch desktop:justify-end"
      >
        <Modal className="max-h-[85vh] w-full overflow-y-auto rounded-t-card bg-white desktop:max-h-none desktop:max-w-md desktop:rounded-none">
          <Dialog className="outline-none">
            <CartPanel />
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}

function CartPanel() {
  const cart = useSouvenirCart();
  const lines = useCartSelector((snapshot) => snapshot.context.lines);
  const total = useCartSelector(cartTotal);
  const format = useQuery(souvenirOrderFormatQueryOptions());
  return (
    <div className="flex flex-col gap-4 p-4">
      <div className="flex items-center justify-between">
        <Heading slot="title" className="text-lg font-bold">
          {CART_TEXT.title}
        </Heading>
        <Button
          aria-label={CART_TEXT.close}
          className={buttonStyles.icon}
          onPress={() => cart.send({ type: 'cart.close' })}
        >
          <X className="size-5" aria-hidden="true" />
        </Button>
      </div>
      <ul className="divide-y divide-grey-200" aria-label={CART_TEXT.title}>
        {lines.map((line) => (
          <li key={line.id} className="flex gap-3 py-3">
            <img src={line.image} alt="" width={64} height={48} className="h-12 w-16 shrink-0 rounded object-cover" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold">{line.name}</p>
              <p className="text-xs text-grey-700">
                {line.unit} · {formatRupiah(line.price)}
              </p>
              <div className="mt-1 flex items-center gap-1">
                <Button
                  aria-label={CART_TEXT.less(line.name)}
                  isDisabled={line.quantity <= 1}
                  className={cx(buttonStyles.icon, 'size-9 disabled:opacity-40')}
                  onPress={() => cart.send({ type: 'cart.decrease', id: line.id })}
                >
                  <Minus className="size-4" aria-hidden="true" />
                </Button>
                <span
                  className="min-w-6 text-center text-sm font-semibold"
                  aria-label={CART_TEXT.quantity(line.name, line.quantity)}
                >
                  {line.quantity}
                </span>
                <Button
                  aria-label={CART_TEXT.more(line.name)}
                  isDisabled={line.quantity >= SOUVENIR_LIMITS.quantityMax}
                  className={cx(buttonStyles.icon, 'size-9 disabled:opacity-40')}
                  onPress={() =>
                    cart.send({
                      type: 'cart.add',
                      product: { id: line.id, name: line.name, unit: line.unit, price: line.price, image: line.image },
                    })
                  }
                >
                  <Plus className="size-4" aria-hidden="true" />
                </Button>
              </div>
            </div>
            <Button
              aria-label={CART_TEXT.remove(line.name)}
              className={cx(buttonStyles.icon, 'text-danger-700')}
              onPress={() => cart.send({ type: 'cart.remove', id: line.id })}
            >
              <Trash2 className="size-5" aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <p className="flex items-center justify-between text-base font-bold">
        <span>{CART_TEXT.total}</span>
        <span>{formatRupiah(total)}</span>
      </p>
      <p className="text-xs text-grey-700">{CART_TEXT.note}</p>
      {format.data ? (
        <a
          href={souvenirOrderLink(format.data, lines)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={externalClick('whatsapp')}
          className={buttonStyles.primary}
        >
          {CART_TEXT.order}
        </a>
      ) : (
        <Button isDisabled className={buttonStyles.primary}>
          {CART_TEXT.order}
        </Button>
      )}
      <Button className={buttonStyles.secondary} onPress={() => cart.send({ type: 'cart.clear' })}>
        {CART_TEXT.clear}
      </Button>
    </div>
  );
}
