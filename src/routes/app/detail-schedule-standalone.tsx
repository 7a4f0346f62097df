import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { MapPinned } from 'lucide-react';
import { z } from 'zod';
import { buttonStyles } from '../../components/button-styles';
import { Navbar } from '../../components/navbar';
import { isCalendarDate } from '../../lib/format';
import { completeDetailKey, DetailScheduleView, detailKeyFromSearch } from './-components/detail-schedule-view';

/** Opened from a trip card or by a native host: which schedule to show (appbar comes from the root). */
const searchSchema = z.object({
  operator_code: z.string().min(1).optional().catch(undefined),
  schedule_code: z.string().min(1).optional().catch(undefined),
  date: z.string().refine(isCalendarDate).optional().catch(undefined),
});

export const Route = createFileRoute('/app/detail-schedule-standalone')({
  staticData: { routeName: 'detail-schedule-standalone' },
  validateSearch: searchSchema,
  component: DetailScheduleStandaloneScreen,
});

function DetailScheduleStandaloneScreen() {
  const search = Route.useSearch();
  const detailKey = detailKeyFromSearch(search);
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
