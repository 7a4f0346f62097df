import type { TraceDocument } from '../../contract/support';

/** How long the file's address outlives the click: the browser reads it after the click returns. */
const DOWNLOAD_URL_LIFETIME_MS = 1000;

/**
 * Saves the trace as a JSON file in the browser's downloads ("Unduh JSON"). The address is let go
 * a moment later here, so no screen keeps a timer.
 */
export function downloadTrace(trace: TraceDocument): void {
  const blob = new Blob([JSON.stringify(trace, null, 1)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `berangkat-trace-${trace.savedAt.slice(0, 19).replace(/[:T]/g, '-')}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}
