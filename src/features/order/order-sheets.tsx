import { ExternalLink, MapPin } from 'lucide-react';
import { QrCode } from '../../components/qr-code';
import { RouteSheet } from '../../components/route-sheet';
import { formatDateShort, formatTime } from '../../lib/format';
import { mapsSearchUrl } from '../../lib/maps';
import { useShownOrder } from './shown-order';
import { externalClick } from '../../platform/native-bridge';
import { orderLegs } from '../../lib/order-format';

export const LOCATION_TITLE = 'Lokasi Keberangkatan';
export const QR_TITLE = 'Kode QR Tiket';
/** Big enough for a scanner at arm's length, small enough for a 390 px wide phone. */
const TICKET_QR_SIZE = 280;

/** Child "location": where each leg departs, its address and a maps link. */
export function OrderLocationSheet() {
  const shown = useShownOrder();
  if (!shown) return null;
  return (
    <RouteSheet title={LOCATION_TITLE}>
      <ul className="grid gap-4">
        {orderLegs(shown.order).map(({ label, leg }, index) => (
          <li key={`${leg.jadwal_kode}-${index}`} className="flex gap-3">
            <MapPin className="mt-0.5 size-5 shrink-0 text-primary-600" aria-hidden="true" />
            <div className="min-w-0 flex-1 text-sm">
              {label ? <p className="text-xs font-semibold text-primary-800">{label}</p> : null}
              <p className="text-base font-bold">{leg.asal_cabang_nama}</p>
              <p className="text-grey-700">{leg.asal_alamat}</p>
              <p className="text-grey-700">
                {leg.operator_nama} · {formatDateShort(leg.tanggal_berangkat)} · {formatTime(leg.jam_berangkat)}
              </p>
              <a
                href={mapsSearchUrl(leg.asal_lat, leg.asal_lon)}
                target="_blank"
                onClick={externalClick('maps')}
                rel="noreferrer"
                className="inline-flex min-h-11 items-center gap-1 font-semibold text-primary-700 underline-offset-2 hover:underline"
              >
                Buka di Peta<span className="sr-only"> {leg.asal_cabang_nama} (jendela baru)</span>
                <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
            </div>
          </li>
        ))}
      </ul>
    </RouteSheet>
  );
}

/** Child "qr-code": the reservation code as a big, scannable QR, with the code printed under it. */
export function OrderQrSheet() {
  const shown = useShownOrder();
  if (!shown) return null;
  const code = shown.order.reservasi_kode;
  return (
    <RouteSheet title={QR_TITLE}>
      {shown.order.status === 'paid' ? (
        <div className="flex flex-col items-center gap-3 py-2">
          <QrCode value={code} size={TICKET_QR_SIZE} label={`Kode QR tiket ${code}`} />
          <p className="text-2xl font-bold tracking-widest" data-testid="qr-code-text">
            {code}
          </p>
          <p className="text-center text-sm text-grey-700">Tunjukkan kode ini kepada petugas saat naik.</p>
        </div>
      ) : (
        <p className="text-sm text-grey-700">Kode QR tiket tersedia setelah pesanan dibayar.</p>
      )}
    </RouteSheet>
  );
}
