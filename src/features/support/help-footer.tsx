import { useId } from 'react';
import { Button, DialogTrigger } from 'react-aria-components';
import { LifeBuoy } from 'lucide-react';
import { buttonStyles } from '../../components/button-styles';
import { cx } from '../../lib/cx';
import { EXPORT_TEXT, TraceExportDialog } from './trace-export';

export const HELP_TEXT = {
  title: 'Butuh bantuan CS?',
  explain:
    'Kirim catatan langkah kamu di aplikasi ini (tanpa nama, nomor handphone, atau email), lalu sebutkan kodenya kepada CS kami.',
} as const;

/**
 * "Kirim ke CS" at the foot of the booking and order pages, where a customer stuck on the page
 * looks for help: a section of its own with a real button, not a link lost in the side column.
 */
export function HelpFooter({ className }: { className?: string }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cx(
        'hairline mt-8 flex flex-wrap items-center gap-3 rounded-card border-grey-200 bg-white p-4',
        className,
      )}
    >
      <LifeBuoy className="size-6 shrink-0 text-primary-600" aria-hidden="true" />
      <div className="min-w-0 flex-1 basis-56">
        <h2 id={headingId} className="text-sm font-bold">
          {HELP_TEXT.title}
        </h2>
        <p className="text-xs text-grey-700">{HELP_TEXT.explain}</p>
      </div>
      <DialogTrigger>
        <Button className={cx(buttonStyles.secondary, 'shrink-0')}>{EXPORT_TEXT.action}</Button>
        <TraceExportDialog />
      </DialogTrigger>
    </section>
  );
}
