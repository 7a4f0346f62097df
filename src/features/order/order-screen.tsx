import { useRef, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { CircleAlert, SearchX } from 'lucide-react';
import { isLoading, shownOrder, type OrderSnapshot } from '../../../machines/order.machine';
import { buttonStyles } from '../../components/button-styles';
import { Navbar } from '../../components/navbar';
import { useOrderActor } from '../../flow/order-flow';
import { CancelDialogs } from './cancel-dialogs';
import { ShownOrderContext } from './shown-order';
import { GuestLookup } from './guest-lookup';
import { OrderSkeleton, OrderView } from './order-view';

export const ORDER_TITLE = 'Detail Pesanan';

const view = (snapshot: OrderSnapshot) => {
  if (isLoading(snapshot)) return 'loading' as const;
  if (snapshot.matches('failed')) return 'failed' as const;
  if (snapshot.matches('notFound')) return 'notFound' as const;
  if (snapshot.matches('lookup')) return 'lookup' as const;
  return 'shown' as const;
};

/**
 * The order pages (spec section 2): /app/order/:code and the guest page /order/:code. The machine
 * (machines/order.machine.ts) decides what may be shown; the child sheets render in `children`
 * only once the order is shown.
 */
export function OrderScreen({ code, guest, children }: { code: string; guest: boolean; children: ReactNode }) {
  const actor = useOrderActor(code, guest);
  const current = useSelector(actor, view);
  const order = useSelector(actor, shownOrder);
  const upper = code.toUpperCase();
  // After a matching look-up the form is gone: focus moves to the order so it is read out next.
  const lookedUp = useRef(false);
  if (current === 'lookup') lookedUp.current = true;

  return (
    <>
      <Navbar title={ORDER_TITLE} subtitle={`Kode ${upper}`} />
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-4 desktop:py-8">
        {current === 'loading' ? <OrderSkeleton /> : null}
        {current === 'failed' ? (
          <Problem
            icon={<CircleAlert className="size-10 text-danger-600" aria-hidden="true" />}
            title="Pesanan tidak dapat dimuat"
            text="Periksa koneksi internet Anda, lalu coba lagi."
          >
            <button type="button" className={buttonStyles.primary} onClick={() => actor.send({ type: 'order.retry' })}>
              Coba Lagi
            </button>
          </Problem>
        ) : null}
        {current === 'notFound' ? (
          <Problem
            icon={<SearchX className="size-10 text-primary-600" aria-hidden="true" />}
            title="Pesanan tidak ditemukan"
            text={`Pesanan ${upper} tidak ada atau tidak dapat dibuka dari perangkat ini. Cari dengan email atau nomor handphone pemesan.`}
          >
            <Link to="/order/$code" params={{ code: upper }} className={buttonStyles.primary}>
              Cari Pesanan
            </Link>
            <Link to="/" className={buttonStyles.secondary}>
              Kembali ke Beranda
            </Link>
          </Problem>
        ) : null}
        {current === 'lookup' ? <GuestLookup actor={actor} code={upper} /> : null}
        {current === 'shown' && order ? (
          <OrderView actor={actor} order={order} guest={guest} focusOnShow={lookedUp.current} />
        ) : null}
      </main>
      <CancelDialogs actor={actor} />
      {current === 'shown' && order ? <ShownOrderContext value={{ order, guest }}>{children}</ShownOrderContext> : null}
    </>
  );
}

function Problem({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section
      role="alert"
      className="hairline mx-auto max-w-md rounded-card border-grey-200 bg-white p-6 text-center desktop:mt-8"
    >
      <div className="flex justify-center">{icon}</div>
      <h2 className="mt-3 text-lg font-bold">{title}</h2>
      <p className="mt-1 text-sm text-grey-700">{text}</p>
      <div className="mt-5 flex flex-col gap-2">{children}</div>
    </section>
  );
}
