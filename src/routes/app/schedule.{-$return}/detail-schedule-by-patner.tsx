import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { isCalendarDate } from '../../../lib/format';
import { DetailPartnerSchedule } from '../../../features/schedules/detail/partner-schedule';
import { DetailSheet } from '../../../features/schedules/detail/sheet';

/** Adds the operator, route (jurusan) and day to the list's search; bad values become undefined. */
const partnerSearchSchema = z.object({
  operator_code: z.string().min(1).optional().catch(undefined),
  jurusan_id: z.coerce.number().int().positive().optional().catch(undefined),
  date: z.string().refine(isCalendarDate).optional().catch(undefined),
});

export const Route = createFileRoute('/app/schedule/{-$return}/detail-schedule-by-patner')({
  staticData: { routeName: 'detail-schedule-by-patner' },
  validateSearch: partnerSearchSchema,
  component: DetailScheduleByPatnerSheet,
});

function DetailScheduleByPatnerSheet() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <DetailSheet title="Pilih Jadwal">
      <DetailPartnerSchedule
        partnerKey={{ operatorCode: search.operator_code, routeId: search.jurusan_id, date: search.date }}
        onDateChange={(date) => void navigate({ search: (previous) => ({ ...previous, date }), replace: true })}
      />
    </DetailSheet>
  );
}
