import { Link, Outlet } from '@tanstack/react-router';
import { MapPinned } from 'lucide-react';
import { buttonStyles } from '../../../components/button-styles';
import { Navbar } from '../../../components/navbar';
import { DetailScheduleView } from './schedule-detail';
import { completeDetailKey, type PartialScheduleDetailKey } from './schedule-key';

/**
 * "Detail Jadwal" on its own page, opened from a trip card or by a native host (the appbar comes
 * from the root); its "Lokasi" child opens as a sheet over it.
 */
export function DetailScheduleStandaloneScreen({ detailKey }: { detailKey: PartialScheduleDetailKey }) {
  return (
    <>
      <Navbar title="Detail Jadwal" />
      <main id="main" className="mx-auto w-full max-w-2xl px-4 py-4">
        <DetailScheduleView detailKey={detailKey} />
        {completeDetailKey(detailKey) ? (
          <Link
            to="/app/detail-schedule-standalone/location"
            search={(previous) => previous}
            className={`${buttonStyles.secondary} mt-4 w-full`}
          >
            <MapPinned className="size-4" aria-hidden="true" />
            Lihat Lokasi Keberangkatan dan Kedatangan
          </Link>
        ) : null}
      </main>
      <Outlet />
    </>
  );
}
