import type { TraceReplay } from './replay';
import type { Json } from './trace-codec';

/** The replay as lines of text, for the CLI and the generated tests' messages. */

const SOURCE_LABEL = { ui: 'Halaman', effect: 'Jawaban', timer: 'Waktu' } as const;

function stateText(value: Json): string {
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.map(stateText).join(',');
  return Object.entries(value)
    .map(([key, child]) =>
      child !== null && typeof child === 'object' ? `${key}.${stateText(child)}` : `${key}.${String(child)}`,
    )
    .join(' | ');
}

function emittedText(emitted: { type: string; [key: string]: unknown }): string {
  if (emitted.type === 'toast') return `toast "${String(emitted.message ?? '')}"`;
  if (emitted.type === 'navigate') return `navigasi ${JSON.stringify(emitted.intent ?? null)}`;
  return emitted.type;
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

export function replayReport(replay: TraceReplay, options: { steps?: boolean } = {}): string[] {
  const { trace } = replay;
  const lines = [
    `Catatan ${trace.app.version}, direkam ${trace.recordedAt}, disimpan ${trace.savedAt}`,
    `Platform ${trace.platform}, tampilan ${trace.layout === 'm' ? 'mobile' : 'desktop'}, halaman ${trace.route}`,
  ];
  for (const name of replay.otherVersion) {
    lines.push(`PERINGATAN: mesin "${name}" dalam catatan ini dari versi lain; hasil replay bisa berbeda.`);
  }
  for (const lane of replay.lanes) {
    lines.push('');
    const dropped = lane.lane.dropped > 0 ? `, ${lane.lane.dropped} langkah awal diringkas` : '';
    lines.push(`== ${lane.lane.name}: ${lane.lane.steps.length} langkah${dropped}`);
    if (!lane.known) {
      lines.push('   Mesin ini tidak dikenal aplikasi: tidak diputar ulang.');
      continue;
    }
    if (options.steps !== false) {
      for (const step of lane.steps) {
        const mark = step.match ? '✓' : '✗';
        const target = step.step.target.length > 0 ? ` @${step.step.target.join('>')}` : '';
        lines.push(
          `${mark} ${String(step.step.i).padStart(4)} ${SOURCE_LABEL[step.step.source].padEnd(7)} ${step.step.event.type}${target} -> ${stateText(step.value)}`,
        );
        for (const emitted of step.emitted) lines.push(`         ${emittedText(emitted)}`);
      }
    }
    const divergence = lane.divergence;
    if (!divergence) {
      lines.push(`Identik: ${lane.steps.length} langkah sama dengan rekaman.`);
      continue;
    }
    lines.push(`Berbeda mulai langkah ${divergence.i} (${divergence.eventType}): ${divergence.message}`);
    for (const difference of divergence.differences) {
      lines.push(`   ${difference.path}: ${short(difference.recorded)} -> ${short(difference.replayed)}`);
    }
  }
  lines.push('');
  lines.push(replay.identical ? 'Hasil: identik.' : 'Hasil: berbeda.');
  return lines;
}
