import { ArrowRight } from 'lucide-react';
import type { OrderDetail, OrderLeg } from '../../../contract/order';
import { OperatorLogo } from '../../components/operator-logo';
import { formatDateShort, formatRupiah, formatTime } from '../../lib/format';
import { legRoute, PAYMENT_TEXT } from './payment-texts';

function legsOf(order: OrderDetail): Array<{ title: string | null; leg: OrderLeg }> {
  if (order.connecting.length > 0) return order.connecting.map((leg, index) => ({ title: `Rute ${index + 1}`, leg }));
  if (order.pulang) {
    return [
      { title: 'Pergi', leg: order.pergi },
      { title: 'Pulang', leg: order.pulang },
    ];
  }
  return [{ title: null, leg: order.pergi }];
}

function LegLine({ title, leg }: { title: string | null; leg: OrderLeg }) {
  const { from, to } = legRoute(leg);
  const seats = leg.penumpang.map((passenger) => passenger.kursi).filter((seat): seat is string => seat !== null);
  return (
    <li className="flex gap-3 py-3 first:pt-0 last:pb-0">
      <OperatorLogo src={leg.operator_logo} name={leg.operator_nama} className="size-10" />
      <div className="min-w-0 flex-1 text-sm">
        {title ? (
          <span className="inline-block rounded-full bg-primary-50 px-2 py-0.5 text-xs font-semibold text-primary-800">
            {title}
          </span>
        ) : null}
        <p className="font-bold">{leg.operator_nama}</p>
        <p className="inline-flex flex-wrap items-center gap-1 text-grey-700">
          {from}
          <ArrowRight className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="sr-only">ke</span>
          {to}
        </p>
        <p className="text-grey-700">
          {formatDateShort(leg.tanggal_berangkat)} · {formatTime(leg.jam_berangkat)}
        </p>
        <p className="text-grey-700">
          {leg.penumpang.length} penumpang
          {seats.length > 0 ? ` · Kursi ${seats.join(', ')}` : ''}
        </p>
      </div>
    </li>
  );
}

/** The order code, what it costs and the trip, from detail-reservasi. */
export function OrderSummary({ order }: { order: OrderDetail }) {
  return (
    <section aria-labelledby="order-summary-title" className="hairline rounded-card border-grey-200 bg-white p-4">
      <h2 id="order-summary-title" className="sr-only">
        Ringkasan pesanan
      </h2>
      <dl className="flex items-start justify-between gap-3">
        <div>
          <dt className="text-xs text-grey-700">{PAYMENT_TEXT.orderCode}</dt>
          <dd className="text-lg font-bold tracking-wide">{order.reservasi_kode}</dd>
        </div>
        <div className="text-right">
          <dt className="text-xs text-grey-700">{PAYMENT_TEXT.ticketPrice}</dt>
          <dd className="text-lg font-bold">{formatRupiah(order.total_bayar - order.biaya_admin)}</dd>
        </div>
      </dl>
      <ul className="mt-3 divide-y divide-grey-200 border-t border-grey-200 pt-3">
        {legsOf(order).map(({ title, leg }) => (
          <LegLine key={`${leg.jadwal_kode}-${title ?? ''}`} title={title} leg={leg} />
        ))}
      </ul>
    </section>
  );
}
