import { Button, DialogTrigger } from 'react-aria-components';
import { useRouterState } from '@tanstack/react-router';
import { buttonStyles } from '../../components/button-styles';
import { useAppFlow } from '../../flow/app-flow';
import { cx } from '../../lib/cx';
import { downloadTrace } from '../../flow/trace-download';
import { EXPORT_TEXT, TraceExportDialog } from './trace-export';

/**
 * `?debug=trace`: a small panel on every page for testers, with the trace's size and the same
 * two ways out as "Kirim ke CS". Loaded only when the switch is on.
 */
export default function TraceDebugPanel() {
  const { trace } = useAppFlow();
  // Counted again on every navigation: what a tester is about to send.
  useRouterState({ select: (state) => state.location.href });
  const current = trace.exportTrace();
  const steps = current.lanes.reduce((sum, lane) => sum + lane.steps.length, 0);
  return (
    <aside
      aria-label="Catatan untuk CS"
      className="hairline fixed bottom-24 left-2 z-40 w-56 rounded-card border-grey-200 bg-white p-3 text-sm shadow-lg desktop:bottom-4"
    >
      <p className="font-semibold">
        Catatan: {steps} langkah, {current.lanes.length} alur
      </p>
      <div className="mt-2 grid gap-1.5">
        <Button
          className={cx(buttonStyles.secondary, 'min-h-9 text-xs')}
          onPress={() => downloadTrace(trace.exportTrace())}
        >
          {EXPORT_TEXT.download}
        </Button>
        <DialogTrigger>
          <Button className={cx(buttonStyles.ghost, 'min-h-9 text-xs')}>{EXPORT_TEXT.action}</Button>
          <TraceExportDialog />
        </DialogTrigger>
      </div>
    </aside>
  );
}
