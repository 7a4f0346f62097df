import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { DetailSheet } from '../../../features/schedules/detail/sheet';
import { ScheduleViewSwitch, scheduleViewSchema, type ScheduleView } from '../../../features/schedules/view-switch';

export const Route = createFileRoute('/app/schedule/{-$return}/change-view-schedule')({
  staticData: { routeName: 'change-view-schedule' },
  validateSearch: z.object({ view: scheduleViewSchema }),
  component: ChangeViewScheduleSheet,
});

function ChangeViewScheduleSheet() {
  const { view } = Route.useSearch();
  const navigate = Route.useNavigate();
  const backToList = (chosen: ScheduleView) => {
    // The list reads `view` from its URL. Replace, so Back does not reopen this sheet.
    void navigate({
      to: '/app/schedule/{-$return}',
      params: (previous) => previous,
      search: (previous) => ({ ...previous, view: chosen }),
      replace: true,
    });
  };
  return (
    <DetailSheet title="Ubah Tampilan Jadwal">
      <ScheduleViewSwitch value={view} onChange={backToList} />
    </DetailSheet>
  );
}
