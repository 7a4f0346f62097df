import type { AnyActorRef, InspectionEvent } from 'xstate';
import {
  TRACE_FORMAT,
  TRACE_FORMAT_VERSION,
  TRACE_MAX_BYTES,
  TRACE_MAX_STEPS,
  type TraceDocument,
  type TraceLane,
  type TraceSource,
  type TraceStep,
} from '../../contract/support';
import type { Platform } from '../../contract/platform';
import type { LayoutMode } from '../../machines/types';
import { machineSignature } from './machine-signature';
import { PersonalDataMask } from './personal-data';
import { REPLAY_MACHINES } from './replay-machines';
import { applyDiff, diffJson, snapshotDigest, stableStringify, toJson, type Json } from './trace-codec';

/**
 * The app's one inspector for support: every actor of a recorded flow (booking, order, payment,
 * login) is seen here, and each event that came from outside the machines (the page, an API
 * answer, the clock, a delay running out) becomes a step with the snapshot it led to. Events the
 * machines send each other are left out: the replay makes them again.
 */

/** A lane keeps at most this many lanes (a visit opens the order and payment pages a few times). */
export const TRACE_MAX_LANES = 12;
/** The recorder keeps the whole trace under this, leaving room for the envelope. */
export const TRACE_BUDGET_BYTES = Math.floor(TRACE_MAX_BYTES * 0.9);
/** Where the trace survives a reload of the page (this tab only). */
export const TRACE_STORAGE_KEY = 'berangkat:trace';

/** A clock answer that only moves a countdown: a run of them keeps its last one. */
const FOLDED_EVENTS = new Set(['hold.tick']);

interface PendingStep {
  i: number;
  t: number;
  target: string[];
  source: TraceSource;
  event: unknown;
  draws: string[];
  emitted: unknown[];
}

interface LiveLane extends TraceLane {
  root: AnyActorRef | null;
  pending: PendingStep | null;
  /** The snapshot after the last step, and the one before it (to fold a clock tick). */
  last: Json;
  beforeLast: Json;
  bytes: number;
  next: number;
}

type Work =
  | { kind: 'start'; lane: LiveLane; snapshot: unknown; input: unknown }
  | { kind: 'step'; lane: LiveLane; pending: PendingStep; snapshot: unknown };

export interface TraceRecorderOptions {
  appVersion: string;
  layout: () => LayoutMode;
  platform: () => Platform;
  route: () => string;
  /** Milliseconds, for the steps' times. */
  now?: () => number;
  /** Fixed in tests (the masking key is derived from it); a random key in the app. */
  seed?: number;
  /** Where the trace survives a reload (sessionStorage in the app). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** Runs the masking and diffing later (an idle moment); at once by default. */
  defer?: (work: () => void) => void;
}

interface Stored {
  /** The masking key (hex): it stays in this tab, never in a trace. */
  key: string;
  recordedAt: string;
  lanes: TraceLane[];
}

type MachineActor = AnyActorRef & { logic: { id?: string; root?: unknown } };

function isMachineActor(actor: AnyActorRef | undefined): actor is MachineActor {
  const logic = (actor as { logic?: unknown } | undefined)?.logic;
  return logic !== null && typeof logic === 'object' && 'root' in logic;
}

function parentOf(actor: AnyActorRef): AnyActorRef | undefined {
  return (actor as { _parent?: AnyActorRef })._parent;
}

function rootOf(actor: AnyActorRef): AnyActorRef {
  let current = actor;
  for (let parent = parentOf(current); parent; parent = parentOf(current)) current = parent;
  return current;
}

/** Actor ids from below the root down to `actor`. */
export function actorPath(actor: AnyActorRef): string[] {
  const path: string[] = [];
  for (let current = actor, parent = parentOf(actor); parent; current = parent, parent = parentOf(parent)) {
    path.unshift(current.id);
  }
  return path;
}

/**
 * Which events are steps: what the page sends a machine (ui), a delay running out (timer), a
 * callback's message or a call's answer as its promise takes it (effect). The parent's done and
 * error events, and whatever machines send each other, follow from those on replay.
 */
export function sourceOf(source: AnyActorRef | undefined, target: AnyActorRef, type: string): TraceSource | null {
  if (!isMachineActor(target)) return source === target && type.startsWith('xstate.promise.') ? 'effect' : null;
  if (source === undefined) return 'ui';
  if (source === target) return 'timer';
  if (isMachineActor(source) || /^xstate\.(done|error)\.actor\./.test(type)) return null;
  return 'effect';
}

function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}

export class TraceRecorder {
  private readonly options: TraceRecorderOptions;
  private readonly mask: PersonalDataMask;
  private readonly now: () => number;
  private readonly startedAt: number;
  private readonly recordedAt: string;
  private readonly lanes: LiveLane[] = [];
  private readonly byRoot = new WeakMap<AnyActorRef, LiveLane>();
  private readonly listened = new WeakSet<AnyActorRef>();
  private queue: Work[] = [];
  private flushScheduled = false;
  /** The step being taken now: random values drawn by its actions belong to it. */
  private current: PendingStep | null = null;

  constructor(options: TraceRecorderOptions) {
    this.options = options;
    this.now = options.now ?? (() => Date.now());
    this.startedAt = this.now();
    const stored = this.readStored();
    this.mask = new PersonalDataMask(stored ? { key: stored.key } : { seed: options.seed });
    this.recordedAt = stored?.recordedAt ?? new Date(this.startedAt).toISOString();
    for (const lane of stored?.lanes ?? []) {
      const last = lane.steps.reduce<Json>((snapshot, step) => applyDiff(snapshot, step.diff), lane.start as Json);
      this.lanes.push({ ...lane, root: null, pending: null, last, beforeLast: last, bytes: jsonBytes(lane), next: 0 });
    }
  }

  /** Pass to every actor the app starts (with the app's other inspector). */
  readonly inspect = (event: InspectionEvent): void => {
    if (event.type === '@xstate.actor') {
      this.listen(event.actorRef as AnyActorRef);
      return;
    }
    if (event.type !== '@xstate.event') return;
    const target = event.actorRef as AnyActorRef;
    const root = rootOf(target);
    if (event.event.type === 'xstate.init') {
      if (target === root) this.open(root, (event.event as { input?: unknown }).input);
      return;
    }
    const lane = this.byRoot.get(root);
    if (!lane) return;
    const source = sourceOf(event.sourceRef as AnyActorRef | undefined, target, event.event.type);
    if (!source) return;
    this.close(lane);
    const pending: PendingStep = {
      i: lane.next,
      t: Math.max(0, this.now() - this.startedAt),
      target: actorPath(target),
      source,
      event: event.event,
      draws: [],
      emitted: [],
    };
    lane.next += 1;
    lane.pending = pending;
    this.current = pending;
    // The event is taken synchronously: once this task ends, the snapshot is at rest.
    queueMicrotask(() => {
      if (lane.pending === pending) this.close(lane);
    });
  };

  /** A random value an action draws (a reservation key): recorded with the step taking it. */
  draw(value: string): string {
    this.current?.draws.push(value);
    return value;
  }

  /** The trace so far, masked and within TRACE_BUDGET_BYTES. */
  exportTrace(): TraceDocument {
    for (const lane of this.lanes) this.close(lane);
    this.flush();
    this.fitBudget();
    return {
      format: TRACE_FORMAT,
      formatVersion: TRACE_FORMAT_VERSION,
      app: { version: this.options.appVersion },
      recordedAt: this.recordedAt,
      savedAt: new Date(this.now()).toISOString(),
      layout: this.options.layout(),
      platform: this.options.platform(),
      route: this.mask.mask(this.options.route(), '').slice(0, 400),
      lanes: this.lanes.map(({ name, machine, input, start, dropped, steps }) => ({
        name,
        machine,
        input,
        start,
        dropped,
        steps,
      })),
    };
  }

  /** Keeps the trace for a reload of this tab. */
  save(): void {
    const storage = this.options.storage;
    if (!storage) return;
    try {
      const trace = this.exportTrace();
      const stored: Stored = { key: this.mask.key, recordedAt: this.recordedAt, lanes: trace.lanes };
      storage.setItem(TRACE_STORAGE_KEY, JSON.stringify(stored));
    } catch {
      // Quota or private mode: the trace lives for this page only.
    }
  }

  /** Forgets everything recorded (a new booking starts a new trace). */
  clear(): void {
    this.lanes.length = 0;
    this.queue = [];
    try {
      this.options.storage?.removeItem(TRACE_STORAGE_KEY);
    } catch {
      // Nothing stored.
    }
  }

  private readStored(): Stored | null {
    try {
      const text = this.options.storage?.getItem(TRACE_STORAGE_KEY);
      if (!text) return null;
      const stored = JSON.parse(text) as Stored;
      return typeof stored.key === 'string' && Array.isArray(stored.lanes) ? stored : null;
    } catch {
      return null;
    }
  }

  private listen(actor: AnyActorRef): void {
    if (this.listened.has(actor) || !isMachineActor(actor)) return;
    this.listened.add(actor);
    actor.on('*', (emitted: { type: string }) => {
      const lane = this.byRoot.get(rootOf(actor));
      lane?.pending?.emitted.push(emitted);
    });
  }

  private open(root: AnyActorRef, input: unknown): void {
    const id = (root as MachineActor).logic.id;
    if (!isMachineActor(root) || id === undefined || !(id in REPLAY_MACHINES)) return;
    const entry = REPLAY_MACHINES[id];
    if (!entry) return;
    const lane: LiveLane = {
      name: id,
      machine: { id, signature: machineSignature(entry.machine) },
      input: null,
      start: null,
      dropped: 0,
      steps: [],
      root,
      pending: null,
      last: null,
      beforeLast: null,
      bytes: 0,
      next: 0,
    };
    this.byRoot.set(root, lane);
    this.lanes.push(lane);
    while (this.lanes.length > TRACE_MAX_LANES) this.lanes.shift();
    this.enqueue({ kind: 'start', lane, snapshot: root.getPersistedSnapshot(), input });
  }

  private close(lane: LiveLane): void {
    const pending = lane.pending;
    if (!pending || !lane.root) return;
    lane.pending = null;
    if (this.current === pending) this.current = null;
    this.enqueue({ kind: 'step', lane, pending, snapshot: lane.root.getPersistedSnapshot() });
  }

  private enqueue(work: Work): void {
    this.queue.push(work);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    const defer = this.options.defer ?? ((run: () => void) => run());
    defer(() => this.flush());
  }

  private flush(): void {
    this.flushScheduled = false;
    const queue = this.queue;
    this.queue = [];
    for (const work of queue) {
      if (work.kind === 'start') this.begin(work.lane, work.snapshot, work.input);
      else this.record(work.lane, work.pending, work.snapshot);
    }
  }

  private begin(lane: LiveLane, snapshot: unknown, input: unknown): void {
    const rawInput = toJson(input);
    const rawStart = toJson(snapshot);
    this.mask.learnStep({ type: 'xstate.init' }, [rawInput, rawStart], lane.name);
    lane.input = this.mask.mask(rawInput, lane.name);
    lane.start = this.mask.mask(rawStart, lane.name);
    lane.last = lane.start as Json;
    lane.beforeLast = lane.last;
    lane.bytes = jsonBytes(lane.start) + jsonBytes(lane.input);
  }

  private record(lane: LiveLane, pending: PendingStep, raw: unknown): void {
    const rawEvent = toJson(pending.event) as { type: string };
    const rawSnapshot = toJson(raw);
    const rawEmitted = toJson(pending.emitted);
    this.mask.learnStep(rawEvent, [rawSnapshot, rawEmitted], lane.name);
    const event = this.mask.maskEvent(rawEvent, lane.name);
    const snapshot = this.mask.mask(rawSnapshot, lane.name);
    const emitted = this.mask.mask(rawEmitted, lane.name) as TraceStep['emitted'];
    const previous = lane.steps[lane.steps.length - 1];
    const value = (snapshot as { value?: Json } | null)?.value ?? null;
    if (previous && this.folds(lane, previous, event.type, pending, emitted, value)) {
      lane.steps.pop();
      lane.bytes -= jsonBytes(previous);
      lane.last = lane.beforeLast;
    }
    const step: TraceStep = {
      i: pending.i,
      t: pending.t,
      target: pending.target,
      source: pending.source,
      event,
      ...(pending.draws.length > 0 ? { draws: pending.draws } : {}),
      value,
      digest: snapshotDigest(snapshot),
      diff: diffJson(lane.last, snapshot),
      emitted,
    };
    lane.steps.push(step);
    lane.bytes += jsonBytes(step);
    lane.beforeLast = lane.last;
    lane.last = snapshot;
    while (lane.steps.length > TRACE_MAX_STEPS) this.dropFirst(lane);
  }

  /** A clock tick that changed only the countdown replaces the tick before it. */
  private folds(
    lane: LiveLane,
    previous: TraceStep,
    type: string,
    pending: PendingStep,
    emitted: unknown[],
    value: Json,
  ): boolean {
    if (!FOLDED_EVENTS.has(type) || pending.source !== 'effect' || previous.event.type !== type) return false;
    if (previous.emitted.length > 0 || emitted.length > 0 || previous.draws || pending.draws.length > 0) return false;
    if (stableStringify(previous.target) !== stableStringify(pending.target)) return false;
    const before = (lane.beforeLast as { value?: Json } | null)?.value ?? null;
    const valueText = stableStringify(value);
    return stableStringify(previous.value as Json) === valueText && stableStringify(before) === valueText;
  }

  private dropFirst(lane: LiveLane): void {
    const first = lane.steps.shift();
    if (!first) return;
    const oldStart = jsonBytes(lane.start);
    lane.start = applyDiff(lane.start as Json, first.diff);
    lane.dropped += 1;
    lane.bytes += jsonBytes(lane.start) - oldStart - jsonBytes(first);
    if (lane.steps.length === 0) lane.beforeLast = lane.start as Json;
  }

  private fitBudget(): void {
    let total = this.lanes.reduce((sum, lane) => sum + lane.bytes, 0);
    while (total > TRACE_BUDGET_BYTES) {
      // The oldest lane gives way first; a lane without steps goes entirely.
      const lane = this.lanes.find((candidate) => candidate.steps.length > 0);
      if (!lane) {
        if (this.lanes.length <= 1) return;
        const gone = this.lanes.shift();
        total -= gone?.bytes ?? 0;
        continue;
      }
      const before = lane.bytes;
      this.dropFirst(lane);
      total += lane.bytes - before;
      if (lane.steps.length === 0 && lane !== this.lanes[this.lanes.length - 1]) {
        this.lanes.splice(this.lanes.indexOf(lane), 1);
        total -= lane.bytes;
      }
    }
  }
}
