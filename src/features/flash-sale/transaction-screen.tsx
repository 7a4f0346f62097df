import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleCheck, Clock3, FlaskConical, RefreshCw } from 'lucide-react';
import type { FlashSalePurchase, FlashSalePurchaseStatus } from '../../../machines/flash-sale.machine';
import { flashSaleTransactionQueryOptions, simulateFlashSalePayment } from '../../api/flash-sale-queries';
import { friendlyErrorMessage } from '../../api/errors';
import { isApiError } from '../../api/client';
import { buttonStyles } from '../../components/button-styles';
import { Navbar } from '../../components/navbar';
import { cx } from '../../lib/cx';
import { formatDateShort, formatRupiah } from '../../lib/format';
import { orderKeyOf } from '../../platform/order-keys';
import { ListSkeleton, LoadFailed } from '../../components/list-states';
import { formatInstant } from '../../lib/order-format';
import { useFlashSaleActor, useFlashSaleSelector } from '../../flow/flash-sale-actor';
import { PAYMENT_TEXT, PayingPlace } from '../payment';

export const TRANSACTION_TEXT = {
  title: 'Transaksi Flash Sale',
  code: 'Kode Transaksi',
  status: {
    'menunggu-pembayaran': 'Menunggu Pembayaran',
    lunas: 'Lunas',
    kedaluwarsa: 'Kedaluwarsa',
  } satisfies Record<FlashSalePurchaseStatus, string>,
  payTo: 'Nomor Pembayaran',
  payBefore: 'Bayar sebelum',
  total: 'Total Bayar',
  more: 'Flash Sale Lainnya',
  notFound: 'Transaksi tidak ditemukan di perangkat ini. Masuk dengan akun pembeli untuk melihatnya.',
} as const;

/** /app/flash-sale/transaksi/$kode: what was bought and how to pay for it. */
export function FlashSaleTransactionScreen({ code }: { code: string }) {
  const query = useQuery(flashSaleTransactionQueryOptions(code, orderKeyOf(code)));
  const actor = useFlashSaleActor();
  // The chart learns which purchase's page is open (also after a reload or from a link), and when
  // it is left: the page's reads by itself run between the two.
  useEffect(() => {
    actor.send({ type: 'transaction.show', code });
    return () => actor.send({ type: 'transaction.leave', code });
  }, [actor, code]);
  // What the page shows: a paid or expired purchase is not read again.
  const status = query.data?.status;
  useEffect(() => {
    if (status) actor.send({ type: 'transaction.loaded', code, status });
  }, [actor, code, status]);
  return (
    <>
      <Navbar title={TRANSACTION_TEXT.title} />
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 space-y-4 px-4 py-4">
        {query.isError ? (
          isApiError(query.error) && query.error.code === 'NFD-1' ? (
            <p role="alert" className="hairline rounded-card border-grey-200 bg-white p-6 text-center">
              {TRANSACTION_TEXT.notFound}
            </p>
          ) : (
            <LoadFailed onRetry={() => void query.refetch()} />
          )
        ) : !query.data ? (
          <ListSkeleton rows={3} label="Memuat transaksi" />
        ) : (
          <Transaction transaction={query.data} />
        )}
        <Link to="/app/flash-sale" className={cx(buttonStyles.secondary, 'w-full')}>
          {TRANSACTION_TEXT.more}
        </Link>
      </main>
    </>
  );
}

/**
 * Demo mode: "Simulasikan pembayaran" pays the purchase as the simulated provider's notification
 * would (flashsale/simulasi-bayar). The page then shows the answer; its status reaches the chart
 * through the page's query, as a read's does.
 */
function useSimulatedPayment(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => simulateFlashSalePayment(code, orderKeyOf(code)),
    onSuccess: (transaction) => {
      queryClient.setQueryData(flashSaleTransactionQueryOptions(code, null).queryKey, transaction);
      void queryClient.invalidateQueries({ queryKey: ['flashsale', 'list-transaksi'] });
    },
  });
}

function Transaction({ transaction }: { transaction: FlashSalePurchase }) {
  const paid = transaction.status === 'lunas';
  const simulation = useSimulatedPayment(transaction.code);
  const actor = useFlashSaleActor();
  const canCheck = useFlashSaleSelector((snapshot) => snapshot.can({ type: 'payment.check' }));
  const checking = useFlashSaleSelector((snapshot) => snapshot.matches({ done: 'checking' }));
  return (
    <section aria-labelledby="fs-trx-title" className="hairline rounded-card border-grey-200 bg-white p-5">
      <p className="text-sm text-grey-700">{TRANSACTION_TEXT.code}</p>
      <h2 id="fs-trx-title" className="font-mono text-2xl font-extrabold tracking-wider">
        {transaction.code}
      </h2>
      <p
        className={cx(
          'mt-2 inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-semibold',
          paid ? 'bg-success-50 text-success-700' : 'bg-warning-50 text-grey-900',
        )}
      >
        {paid ? (
          <CircleCheck className="size-4" aria-hidden="true" />
        ) : (
          <Clock3 className="size-4" aria-hidden="true" />
        )}
        {TRANSACTION_TEXT.status[transaction.status]}
      </p>
      {transaction.status === 'menunggu-pembayaran' ? (
        <div className="mt-4 flex flex-col gap-4">
          <p className="text-sm font-semibold">{transaction.methodName}</p>
          <PayingPlace
            place={transaction.payment}
            numberLabel={TRANSACTION_TEXT.payTo}
            qrLabel={`QRIS untuk membayar transaksi ${transaction.code}`}
          />
          <dl className="text-sm">
            <dt className="text-grey-700">{TRANSACTION_TEXT.payBefore}</dt>
            <dd className="font-semibold">{formatInstant(transaction.payBefore)}</dd>
          </dl>
          <button
            type="button"
            className={buttonStyles.primary}
            disabled={!canCheck}
            aria-busy={checking || undefined}
            onClick={() => actor.send({ type: 'payment.check' })}
          >
            <RefreshCw className={cx('size-4', checking && 'animate-spin')} aria-hidden="true" />
            {checking ? 'Memeriksa…' : PAYMENT_TEXT.check}
          </button>
          {transaction.simulated ? (
            <div className="hairline rounded-card border-warning-300 bg-warning-50 p-3">
              <button
                type="button"
                className={cx(buttonStyles.secondary, 'w-full')}
                disabled={simulation.isPending}
                aria-busy={simulation.isPending || undefined}
                onClick={() => simulation.mutate()}
              >
                <FlaskConical className="size-4" aria-hidden="true" />
                {simulation.isPending ? 'Memproses…' : PAYMENT_TEXT.simulate}
              </button>
              <p className="mt-2 text-center text-xs text-warning-800">{PAYMENT_TEXT.simulateNote}</p>
              {simulation.isError ? (
                <p role="alert" className="mt-2 text-center text-sm text-danger-700">
                  {friendlyErrorMessage(simulation.error)}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
      <dl className="mt-4 space-y-1 border-t border-grey-200 pt-4 text-sm">
        <div className="flex justify-between gap-2">
          <dt>
            {transaction.card.origin} → {transaction.card.destination} ({transaction.card.operatorName})
          </dt>
          <dd>{formatRupiah(transaction.price)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt>Biaya admin</dt>
          <dd>{formatRupiah(transaction.adminFee)}</dd>
        </div>
        <div className="flex justify-between gap-2 font-bold">
          <dt>{TRANSACTION_TEXT.total}</dt>
          <dd>{formatRupiah(transaction.total)}</dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-grey-700">
        Berlaku untuk keberangkatan {formatDateShort(transaction.card.validFrom)} -{' '}
        {formatDateShort(transaction.card.validUntil)}. Pemesan: {transaction.booker.name}.
      </p>
    </section>
  );
}
