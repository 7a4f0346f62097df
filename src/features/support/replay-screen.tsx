import { useId, useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Label, Slider, SliderOutput, SliderThumb, SliderTrack } from 'react-aria-components';
import { CircleAlert, CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import { SUPPORT_MESSAGE, type TraceDocument } from '../../../contract/support';
import { api } from '../../api/api';
import { isApiError } from '../../api/client';
import { buttonStyles } from '../../components/button-styles';
import { Navbar } from '../../components/navbar';
import { cx } from '../../lib/cx';
import { isSignedIn } from '../../platform/session';
import { replayTrace, type LaneReplay, type ReplayedStep } from '../../trace/replay';
import {
  STORY_ACTOR_LABEL,
  laneStory,
  mergedText,
  type LaneStory,
  type StoryActor,
  type StoryStep,
} from '../../trace/step-story';
import type { Json } from '../../trace/trace-codec';
import { parseTraceText, SCREEN_READ_MESSAGE, screenReadMessage, TraceReadError } from '../../trace/trace-source';
import { SignInPrompt } from '../../components/account-page';
import { BookingPreview } from './replay-preview';

/**
 * `/app/support/replay`: a support agent opens a customer's trace (by its CS code or a file),
 * replays it through the app's own charts in this browser, and steps through what happened.
 */

export const REPLAY_TEXT = {
  title: 'Putar Ulang Catatan',
  codeLabel: 'Kode CS',
  open: 'Buka',
  file: 'Pilih berkas JSON',
  identical: (steps: number) => `Semua ${steps} langkah sama dengan rekaman`,
  diverged: (number: number, sentence: string) => `Berbeda mulai langkah ${number}: ${sentence}`,
  previewDiverged: (number: number) => `Tampilan ini dari rekaman pelanggan. Replay berbeda mulai langkah ${number}:`,
  summarised: (count: number) => `${count} langkah awal diringkas (tidak disimpan dalam catatan).`,
  technical: 'Rincian teknis',
  otherVersion: (lane: string) => `Catatan ini direkam oleh versi lain dari mesin ${lane}: hasil replay bisa berbeda.`,
  step: 'Langkah',
  previous: 'Sebelumnya',
  next: 'Berikutnya',
  preview: (step: number) => `Tampilan pelanggan pada langkah ${step}`,
  retry: 'Coba Lagi',
  accessFailed: 'Akses belum dapat diperiksa. Periksa koneksi kamu, lalu coba lagi.',
} as const;

const ACTOR_STYLE: Record<StoryActor, string> = {
  customer: 'bg-primary-50 text-primary-800',
  server: 'bg-success-50 text-success-700',
  clock: 'bg-grey-100 text-grey-700',
  app: 'bg-grey-100 text-grey-700',
};

function stateText(value: Json): string {
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.map(stateText).join(', ');
  return Object.entries(value)
    .map(([key, child]) =>
      child !== null && typeof child === 'object' ? `${key}.${stateText(child)}` : `${key}.${String(child)}`,
    )
    .join(' · ');
}

const short = (value: unknown) => {
  const text = JSON.stringify(value) ?? '—';
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
};

function eventFields(event: { type: string; [key: string]: unknown }): string {
  const { type: _type, ...fields } = event;
  return Object.keys(fields).length > 0 ? short(fields) : '';
}

/** The chart's own words for a step, for the one who unfolds them. */
function Technical({ step }: { step: ReplayedStep }) {
  return (
    <details className="mt-1 ml-9 text-xs text-grey-700">
      <summary className="cursor-pointer py-1 font-semibold text-grey-700">{REPLAY_TEXT.technical}</summary>
      <span className="block space-y-1 pb-2">
        <span className="block break-all">
          Event: <code>{step.step.event.type}</code>
        </span>
        {step.step.target.length > 0 ? <span className="block">Aktor: {step.step.target.join(' › ')}</span> : null}
        {eventFields(step.step.event) ? (
          <span className="block break-all">Isi: {eventFields(step.step.event)}</span>
        ) : null}
        <span className="block break-all">Keadaan: {stateText(step.value)}</span>
        {step.contextDiff.length > 0 ? (
          <span className="block">
            Perubahan konteks:
            {step.contextDiff.slice(0, 12).map((op) => (
              <span key={op.p.join('.')} className="block pl-3 font-mono break-all">
                {op.p.join('.')} = {'d' in op ? '(dihapus)' : short(op.v)}
              </span>
            ))}
          </span>
        ) : null}
      </span>
    </details>
  );
}

function StepItem({
  told,
  step,
  selected,
  onSelect,
}: {
  told: StoryStep;
  step: ReplayedStep | undefined;
  selected: boolean;
  onSelect: () => void;
}) {
  const merged = mergedText(told);
  return (
    <li>
      <button
        type="button"
        aria-current={selected ? 'step' : undefined}
        onClick={onSelect}
        className={cx(
          'w-full rounded-card border px-3 py-2 text-left text-sm',
          selected ? 'border-primary-600 bg-primary-50' : 'border-grey-200 bg-white hover:bg-grey-50',
        )}
      >
        <span className="flex items-start gap-2">
          {!step ? (
            <span className="mt-0.5 size-4 shrink-0" aria-label="tidak diputar" />
          ) : step.match ? (
            <CircleCheck className="mt-0.5 size-4 shrink-0 text-success-700" aria-label="sama" />
          ) : (
            <CircleX className="mt-0.5 size-4 shrink-0 text-danger-700" aria-label="berbeda" />
          )}
          <span className="w-7 shrink-0 text-right font-mono text-xs leading-5 text-grey-700">{told.number}</span>
          <span className="min-w-0 flex-1">
            <span className="flex flex-wrap items-center gap-1">
              <span className={cx('rounded px-1.5 text-xs font-semibold', ACTOR_STYLE[told.actor])}>
                {STORY_ACTOR_LABEL[told.actor]}
              </span>
              {told.call ? (
                <span className="rounded bg-grey-100 px-1.5 font-mono text-xs text-grey-800">{told.call}</span>
              ) : null}
              {merged ? <span className="text-xs text-grey-700">({merged})</span> : null}
            </span>
            <span className="mt-0.5 block break-words">{told.sentence}</span>
            {told.effects.map((effect, index) => (
              <span key={index} className="block text-xs text-grey-700">
                → {effect}
              </span>
            ))}
          </span>
        </span>
      </button>
      {selected && step ? <Technical step={step} /> : null}
    </li>
  );
}

function Verdict({ lane, story }: { lane: LaneReplay; story: LaneStory }) {
  if (!lane.divergence) {
    return (
      <p className="flex items-center gap-2 font-semibold text-success-700">
        <CircleCheck className="size-5" aria-hidden="true" />
        {REPLAY_TEXT.identical(lane.steps.length)}
      </p>
    );
  }
  const { divergence } = lane;
  const told = story.steps[divergence.index];
  return (
    <div className="text-danger-700">
      <p className="flex items-center gap-2 font-semibold">
        <CircleX className="size-5" aria-hidden="true" />
        {REPLAY_TEXT.diverged(divergence.index + 1, told?.sentence ?? divergence.eventType)}
      </p>
      <Differences lane={lane} />
    </div>
  );
}

/** What the recording says against what the replay reached, field by field. */
function Differences({ lane }: { lane: LaneReplay }) {
  const differences = lane.divergence?.differences ?? [];
  if (differences.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1 text-xs text-grey-800">
      {differences.map((difference) => (
        <li key={difference.path} className="font-mono break-all">
          {difference.path}: rekaman {short(difference.recorded)}, replay {short(difference.replayed)}
        </li>
      ))}
    </ul>
  );
}

function LaneView({ lane, layout }: { lane: LaneReplay; layout: 'd' | 'm' }) {
  const story = useMemo(() => laneStory(lane.lane, layout), [lane.lane, layout]);
  const count = story.steps.length;
  const [selected, setSelected] = useState(Math.max(0, count - 1));
  const current = story.steps[selected];
  const phone = lane.lane.input !== null && (lane.lane.input as { layout?: string }).layout === 'm';
  const divergedHere = lane.divergence !== null && lane.divergence.index <= selected;
  return (
    <div className="space-y-4">
      <div aria-live="polite" className="hairline rounded-card border-grey-200 bg-white p-4">
        <Verdict lane={lane} story={story} />
      </div>
      <div className="grid gap-4 desktop:grid-cols-12 desktop:items-start">
        <section aria-label="Langkah" className="min-w-0 space-y-3 desktop:col-span-5">
          {story.summarised > 0 ? (
            <p className="text-sm text-grey-700">{REPLAY_TEXT.summarised(story.summarised)}</p>
          ) : null}
          {count > 0 ? (
            <div className="hairline space-y-3 rounded-card border-grey-200 bg-white p-3">
              <Slider
                minValue={1}
                maxValue={count}
                value={selected + 1}
                onChange={(value) => setSelected((Array.isArray(value) ? (value[0] ?? 1) : value) - 1)}
                className="space-y-1"
              >
                <div className="flex justify-between text-sm">
                  <Label className="font-semibold">{REPLAY_TEXT.step}</Label>
                  <SliderOutput className="text-grey-700">
                    {({ state }) => `${state.getThumbValue(0)} dari ${count}`}
                  </SliderOutput>
                </div>
                <SliderTrack className="relative h-8 w-full">
                  <div className="absolute top-1/2 h-1 w-full -translate-y-1/2 rounded bg-grey-200" />
                  <SliderThumb className="top-1/2 size-6 rounded-full border-2 border-primary-700 bg-white outline-none focus-visible:ring-4 focus-visible:ring-primary-200" />
                </SliderTrack>
              </Slider>
              <div className="grid grid-cols-2 gap-2">
                <Button
                  className={buttonStyles.secondary}
                  isDisabled={selected === 0}
                  onPress={() => setSelected((value) => Math.max(0, value - 1))}
                >
                  {REPLAY_TEXT.previous}
                </Button>
                <Button
                  className={buttonStyles.secondary}
                  isDisabled={selected >= count - 1}
                  onPress={() => setSelected((value) => Math.min(count - 1, value + 1))}
                >
                  {REPLAY_TEXT.next}
                </Button>
              </div>
            </div>
          ) : null}
          <ol className="max-h-[70vh] space-y-1.5 overflow-y-auto pr-1">
            {story.steps.map((told, index) => (
              <StepItem
                key={told.number}
                told={told}
                step={lane.steps[index]}
                selected={index === selected}
                onSelect={() => setSelected(index)}
              />
            ))}
          </ol>
        </section>
        <section
          aria-label={REPLAY_TEXT.preview(current?.number ?? 0)}
          className="min-w-0 space-y-2 desktop:col-span-7"
        >
          <h2 className="text-base font-bold">{REPLAY_TEXT.preview(current?.number ?? 0)}</h2>
          {current ? <p className="text-sm">{current.sentence}</p> : null}
          {divergedHere && lane.divergence ? (
            <div role="note" className="rounded-card bg-danger-50 p-3 text-sm text-danger-700">
              <p className="font-semibold">{REPLAY_TEXT.previewDiverged(lane.divergence.index + 1)}</p>
              <Differences lane={lane} />
            </div>
          ) : null}
          {lane.lane.name === 'booking' && lane.known ? (
            // A picture of the customer's screen: the agent reads it, never operates it.
            <div
              inert
              data-testid="replay-preview"
              // A phone's frame hides the navbar's desktop-only parts as the phone did (styles.css).
              data-phone-frame={phone ? '' : undefined}
              className={cx(
                'hairline relative h-[640px] overflow-hidden rounded-card border-grey-300 bg-grey-50 [transform:translateZ(0)]',
                phone && 'max-w-[390px]',
              )}
            >
              <div className="h-full overflow-auto">
                <BookingPreview lane={lane.lane} upTo={selected + 1} />
              </div>
            </div>
          ) : (
            <pre className="hairline max-h-[640px] overflow-auto rounded-card border-grey-200 bg-white p-3 text-xs">
              {JSON.stringify(
                lane.steps[selected] ? { keadaan: lane.steps[selected]?.value } : lane.lane.start,
                null,
                1,
              )}
            </pre>
          )}
        </section>
      </div>
    </div>
  );
}

function ReplayView({ trace }: { trace: TraceDocument }) {
  const replay = useMemo(() => replayTrace(trace), [trace]);
  const [laneIndex, setLaneIndex] = useState(() => Math.max(0, replay.lanes.length - 1));
  const lane = replay.lanes[laneIndex];
  return (
    <div className="space-y-4">
      <section aria-label="Tentang catatan" className="hairline rounded-card border-grey-200 bg-white p-4 text-sm">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 desktop:grid-cols-3">
          <div>
            <dt className="text-xs text-grey-600">Versi aplikasi</dt>
            <dd className="font-semibold">{trace.app.version}</dd>
          </div>
          <div>
            <dt className="text-xs text-grey-600">Direkam</dt>
            <dd>{trace.recordedAt}</dd>
          </div>
          <div>
            <dt className="text-xs text-grey-600">Disimpan</dt>
            <dd>{trace.savedAt}</dd>
          </div>
          <div>
            <dt className="text-xs text-grey-600">Platform</dt>
            <dd>{trace.platform}</dd>
          </div>
          <div>
            <dt className="text-xs text-grey-600">Tampilan</dt>
            <dd>{trace.layout === 'm' ? 'Mobile' : 'Desktop'}</dd>
          </div>
          <div>
            <dt className="text-xs text-grey-600">Halaman</dt>
            <dd className="break-all">{trace.route}</dd>
          </div>
        </dl>
      </section>
      {replay.otherVersion.map((name) => (
        <p
          key={name}
          role="alert"
          className="flex items-start gap-2 rounded-card bg-warning-50 p-3 text-sm font-semibold text-warning-800"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {REPLAY_TEXT.otherVersion(name)}
        </p>
      ))}
      <div role="tablist" aria-label="Alur" className="flex flex-wrap gap-2">
        {replay.lanes.map((candidate, index) => (
          <button
            key={index}
            type="button"
            role="tab"
            aria-selected={index === laneIndex}
            onClick={() => setLaneIndex(index)}
            className={cx(
              'min-h-11 rounded-card border px-3 text-sm font-semibold',
              index === laneIndex ? 'border-primary-600 bg-primary-600 text-white' : 'border-grey-300 bg-white',
            )}
          >
            {candidate.lane.name} ({candidate.lane.steps.length}){candidate.divergence ? ' ✗' : ''}
          </button>
        ))}
      </div>
      {lane ? (
        <div role="tabpanel" className="space-y-4">
          <LaneView key={laneIndex} lane={lane} layout={trace.layout === 'm' ? 'm' : 'd'} />
        </div>
      ) : null}
    </div>
  );
}

function TraceLoader({ onLoad }: { onLoad: (trace: TraceDocument) => void }) {
  const codeId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const read = useMutation({
    mutationFn: (kode: string) => api.request('supportTraceRead', { kode }),
    onSuccess: (result) => onLoad(result.trace),
  });
  const codeError = read.isError ? screenReadMessage(read.error, read.variables ?? code) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    read.mutate(code.trim());
  };
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const trace = parseTraceText(file.name, await file.text(), SCREEN_READ_MESSAGE);
      setFileError(null);
      onLoad(trace);
    } catch (error) {
      setFileError(error instanceof TraceReadError ? error.message : SUPPORT_MESSAGE.badTrace);
    }
  };
  return (
    <section
      aria-label="Buka catatan"
      className="hairline grid gap-4 rounded-card border-grey-200 bg-white p-4 desktop:grid-cols-2"
    >
      <form onSubmit={submit} noValidate className="space-y-2">
        <label htmlFor={codeId} className="block text-sm font-semibold">
          {REPLAY_TEXT.codeLabel}
        </label>
        <div className="flex gap-2">
          <input
            id={codeId}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder="CS-XXXXXX"
            autoComplete="off"
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? errorId : undefined}
            className="hairline min-h-11 w-full rounded-card border-grey-300 px-3 uppercase"
          />
          <button type="submit" className={buttonStyles.primary} disabled={read.isPending}>
            {read.isPending ? 'Membuka...' : REPLAY_TEXT.open}
          </button>
        </div>
        {codeError ? (
          <p id={errorId} role="alert" className="text-sm text-danger-700">
            {codeError}
          </p>
        ) : null}
      </form>
      <div className="space-y-2">
        <label className="block text-sm font-semibold">
          {REPLAY_TEXT.file}
          <input
            type="file"
            accept="application/json,.json"
            onChange={(event) => void readFile(event.target.files?.[0])}
            className="mt-2 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-card file:border-0 file:bg-primary-50 file:px-3 file:font-semibold file:text-primary-700"
          />
        </label>
        {fileError ? (
          <p role="alert" className="text-sm text-danger-700">
            {fileError}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function Gate({ children }: { children: React.ReactNode }) {
  const signedIn = isSignedIn();
  const access = useQuery({
    queryKey: ['support', 'access'],
    queryFn: () => api.request('supportAccess', {}),
    enabled: signedIn,
    retry: false,
  });
  if (!signedIn || (access.isError && isApiError(access.error) && access.error.status === 401)) {
    return <SignInPrompt />;
  }
  if (access.isPending) {
    return (
      <p role="status" className="text-sm text-grey-600">
        Memeriksa akses...
      </p>
    );
  }
  if (access.isError) {
    const refused = isApiError(access.error) && access.error.status === 403;
    return (
      <section role="alert" className="hairline rounded-card border-grey-200 bg-white p-6 text-center">
        <CircleAlert className="mx-auto size-10 text-danger-600" aria-hidden="true" />
        <p className="mt-3 font-semibold">{refused ? SCREEN_READ_MESSAGE.notSupport : REPLAY_TEXT.accessFailed}</p>
        {refused ? null : (
          <button type="button" onClick={() => void access.refetch()} className={cx(buttonStyles.secondary, 'mt-4')}>
            {REPLAY_TEXT.retry}
          </button>
        )}
      </section>
    );
  }
  return <>{children}</>;
}

export function ReplayScreen() {
  const [trace, setTrace] = useState<TraceDocument | null>(null);
  return (
    <>
      <Navbar title={REPLAY_TEXT.title} />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 space-y-4 px-4 py-4">
        <Gate>
          <TraceLoader onLoad={setTrace} />
          {trace ? <ReplayView key={trace.savedAt + trace.lanes.length} trace={trace} /> : null}
        </Gate>
      </main>
    </>
  );
}
