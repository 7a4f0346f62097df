import type { TraceReplay } from './replay';
import { laneStory, mergedText } from './step-story';
import type { Json } from './trace-codec';

/** The replay as lines of text, for the CLI and the generated tests' messages. */

function stateText(value: Json): string {
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.map(stateText).join(',');
  return Object.entries(value)
    .map(([key, child]) =>
      child !== null && typeof child === 'object' ? `${key}.${stateText(child)}` : `${key}.${String(child)}`,
    )
    .join(' | ');
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

export interface ReportOptions {
  /** Every step's sentence (default); false prints only the verdicts. */
  steps?: boolean;
  /** Each step's chart event, actor and state under its sentence. */
  technical?: boolean;
}

export function replayReport(replay: TraceReplay, options: ReportOptions = {}): string[] {
  const { trace } = replay;
  const layout = trace.layout === 'm' ? 'm' : 'd';
  const lines = [
    `Catatan ${trace.app.version}, direkam ${trace.recordedAt}, disimpan ${trace.savedAt}`,
    `Platform ${trace.platform}, tampilan ${layout === 'm' ? 'mobile' : 'desktop'}, halaman ${trace.route}`,
  ];
  for (const name of replay.otherVersion) {
    lines.push(`PERINGATAN: mesin "${name}" dalam catatan ini dari versi lain; hasil replay bisa berbeda.`);
  }
  for (const lane of replay.lanes) {
    lines.push('');
    const story = laneStory(lane.lane, layout);
    const dropped = story.summarised > 0 ? `, ${story.summarised} langkah awal diringkas` : '';
    lines.push(`== ${lane.lane.name}: ${story.steps.length} langkah${dropped}`);
    if (!lane.known) {
      lines.push('   Mesin ini tidak dikenal aplikasi: tidak diputar ulang.');
      continue;
    }
    if (options.steps !== false) {
      for (const [index, told] of story.steps.entries()) {
        const replayed = lane.steps[index];
        // A step after the divergence was not replayed: neither same nor different.
        const mark = replayed ? (replayed.match ? '✓' : '✗') : '·';
        const merged = mergedText(told);
        lines.push(`${mark} ${String(told.number).padStart(4)}  ${told.sentence}${merged ? ` (${merged})` : ''}`);
        for (const effect of told.effects) lines.push(`         → ${effect}`);
        if (options.technical) {
          const target = told.technical.target ? ` @${told.technical.target}` : '';
          const state = replayed ? ` -> ${stateText(replayed.value)}` : '';
          lines.push(`         [${told.technical.event}${target}${state}]`);
        }
      }
    }
    const divergence = lane.divergence;
    if (!divergence) {
      lines.push(`Identik: ${story.steps.length} langkah sama dengan rekaman.`);
      continue;
    }
    const told = story.steps[divergence.index];
    lines.push(
      `Berbeda mulai langkah ${divergence.index + 1}: ${told?.sentence ?? divergence.eventType} [${divergence.eventType}]`,
    );
    for (const difference of divergence.differences) {
      lines.push(`   ${difference.path}: rekaman ${short(difference.recorded)}, replay ${short(difference.replayed)}`);
    }
  }
  lines.push('');
  lines.push(replay.identical ? 'Hasil: identik.' : 'Hasil: berbeda.');
  return lines;
}
