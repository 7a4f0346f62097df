import { useId, useState } from 'react';
import { Button, DialogTrigger } from 'react-aria-components';
import { useRouterState } from '@tanstack/react-router';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { buttonStyles } from '../../components/button-styles';
import { useAppFlow } from '../../flow/app-flow';
import { cx } from '../../lib/cx';
import { downloadTrace } from '../../flow/trace-download';
import { EXPORT_TEXT, TraceExportDialog } from './trace-export';

export const DEBUG_PANEL_TEXT = {
  label: 'Catatan untuk CS',
} as const;

/**
 * `?debug=trace`: a small panel on every page for testers, with the trace's size and the same
 * two ways out as "Kirim ke CS". Loaded only when the switch is on. It starts folded to one line
 * in the bottom-right corner, clear of the schedule filters and the page's own buttons.
 */
export default function TraceDebugPanel() {
  const { trace } = useAppFlow();
  const [open, setOpen] = useState(false);
  const actionsId = useId();
  // Counted again on every navigation: what a tester is about to send.
  useRouterState({ select: (state) => state.location.href });
  const current = trace.exportTrace();
  const steps = current.lanes.reduce((sum, lane) => sum + lane.steps.length, 0);
  const Chevron = open ? ChevronDown : ChevronUp;
  return (
    <aside
      aria-label={DEBUG_PANEL_TEXT.label}
      className="hairline fixed right-2 bottom-24 z-40 w-56 rounded-card border-grey-200 bg-white text-sm shadow-lg desktop:bottom-4"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={actionsId}
        onClick={() => setOpen((was) => !was)}
        className="flex min-h-11 w-full items-center gap-2 rounded-card px-3 text-left font-semibold"
      >
        <span className="flex-1">
          Catatan: {steps} langkah, {current.lanes.length} alur
        </span>
        <Chevron className="size-4 shrink-0" aria-hidden="true" />
      </button>
      <div id={actionsId} hidden={!open} className="grid gap-1.5 px-3 pb-3">
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
