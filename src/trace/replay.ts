import { SimulatedClock, createActor, type AnyActorRef, type InspectionEvent } from 'xstate';
import type { DiffOp, TraceDocument, TraceLane } from '../../contract/support';
import { machineSignature } from './machine-signature';
import { REPLAY_MACHINES, type ReplayMachine } from './replay-machines';
import { applyDiff, comparable, diffJson, fromJson, snapshotDigest, toJson, type Json } from './trace-codec';

/**
 * Replays a trace through the same machines the app runs, with no network and no clock: each
 * recorded step is sent to the actor that received it, the call answers and timer events come
 * from the trace, and every snapshot reached is compared with the recorded one.
 */

export interface ReplayedStep {
  /** Position in the lane's kept steps. */
  index: number;
  /** The recorded step. */
  step: TraceLane['steps'][number];
  /** The root's state value the replay reached. */
  value: Json;
  digest: string;
  match: boolean;
  /** What the step changed in the replayed context. */
  contextDiff: DiffOp[];
  /** What the machines emitted on replay (navigation, toasts, scroll requests). */
  emitted: { type: string; [key: string]: unknown }[];
}

export interface Difference {
  path: string;
  recorded: Json | undefined;
  replayed: Json | undefined;
}

export interface Divergence {
  index: number;
  /** The step's number since the recording began. */
  i: number;
  eventType: string;
  reason: 'snapshot' | 'missing-actor' | 'refused';
  differences: Difference[];
  message: string;
}

export interface LaneReplay {
  lane: TraceLane;
  /** The app knows this lane's machine. */
  known: boolean;
  versionMatch: boolean;
  recordedSignature: string;
  currentSignature: string | null;
  steps: ReplayedStep[];
  divergence: Divergence | null;
}

export interface TraceReplay {
  trace: TraceDocument;
  lanes: LaneReplay[];
  /** Lanes recorded by another version of their machine. */
  otherVersion: string[];
  /** Every step of every known lane reached its recorded snapshot. */
  identical: boolean;
}

const MAX_DIFFERENCES = 20;

function pathText(path: (string | number)[]): string {
  return path.map(String).join('.');
}

function valueAt(value: Json, path: (string | number)[]): Json | undefined {
  let current: Json | undefined = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, Json>)[key];
  }
  return current;
}

/** Where the recorded and the replayed snapshot differ, as readable paths. */
export function differencesOf(recorded: Json, replayed: Json): Difference[] {
  const left = comparable(recorded);
  const right = comparable(replayed);
  return diffJson(left, right)
    .slice(0, MAX_DIFFERENCES)
    .map((op) => ({
      path: pathText(op.p),
      recorded: valueAt(left, op.p),
      replayed: 'd' in op ? undefined : valueAt(right, op.p),
    }));
}

/** The recorded persisted snapshot after each kept step (index -1 is the start). */
export function recordedSnapshots(lane: TraceLane): Json[] {
  const snapshots: Json[] = [];
  let current = lane.start as Json;
  for (const step of lane.steps) {
    current = applyDiff(current, step.diff);
    snapshots.push(current);
  }
  return snapshots;
}

function findActor(root: AnyActorRef, path: readonly string[]): AnyActorRef | null {
  let current: AnyActorRef | undefined = root;
  for (const id of path) {
    const snapshot: { children?: Record<string, AnyActorRef | undefined> } | undefined = current?.getSnapshot();
    current = snapshot?.children?.[id];
    if (!current) return null;
  }
  return current ?? null;
}

function contextOf(snapshot: Json): Json {
  return snapshot !== null && typeof snapshot === 'object' && !Array.isArray(snapshot)
    ? (snapshot.context ?? null)
    : null;
}

export interface ReplayOptions {
  /** Stop after this many steps (the replay screen's scrubber); all by default. */
  upTo?: number;
  registry?: Readonly<Record<string, ReplayMachine>>;
}

export interface LaneRun extends LaneReplay {
  /** The replayed actor where the replay stopped, still running (the replay screen renders it). */
  actor: AnyActorRef | null;
}

/** Replays one lane; the actor is left running at the step reached. */
export function runLane(lane: TraceLane, options: ReplayOptions = {}): LaneRun {
  const registry = options.registry ?? REPLAY_MACHINES;
  const entry = registry[lane.machine.id];
  const base = {
    lane,
    known: entry !== undefined,
    recordedSignature: lane.machine.signature,
    currentSignature: entry ? machineSignature(entry.machine) : null,
  };
  if (!entry) return { ...base, versionMatch: false, steps: [], divergence: null, actor: null };
  const versionMatch = base.currentSignature === lane.machine.signature;

  let draws: string[] = [];
  const draw = (previous: string | null) => draws.shift() ?? previous ?? 'reservation-replay';
  let emitted: ReplayedStep['emitted'] = [];
  const listened = new WeakSet<AnyActorRef>();
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.actor') return;
    const actor = event.actorRef as AnyActorRef;
    if (listened.has(actor)) return;
    listened.add(actor);
    actor.on('*', (value: { type: string }) => emitted.push(toJson(value) as ReplayedStep['emitted'][number]));
  };
  const logic = entry.replayLogic(draw);
  const start = lane.start === null || lane.start === undefined ? undefined : fromJson(lane.start, entry.errorClasses);
  const actor = createActor(logic, {
    ...(start === undefined ? {} : { snapshot: start as never }),
    input: fromJson(lane.input, entry.errorClasses) as never,
    clock: new SimulatedClock(),
    inspect,
  }) as AnyActorRef;
  actor.start();

  const recorded = recordedSnapshots(lane);
  const steps: ReplayedStep[] = [];
  let divergence: Divergence | null = null;
  let previous = toJson(actor.getPersistedSnapshot());
  const limit = Math.min(options.upTo ?? lane.steps.length, lane.steps.length);
  for (let index = 0; index < limit; index += 1) {
    const step = lane.steps[index];
    if (!step) break;
    const target = findActor(actor, step.target);
    if (!target) {
      divergence ??= {
        index,
        i: step.i,
        eventType: step.event.type,
        reason: 'missing-actor',
        differences: [],
        message: `Aktor ${step.target.join(' > ') || '(akar)'} tidak ada saat langkah ${step.i}`,
      };
      break;
    }
    draws = [...(step.draws ?? [])];
    emitted = [];
    try {
      target.send(fromJson(step.event, entry.errorClasses) as { type: string });
    } catch (error) {
      divergence ??= {
        index,
        i: step.i,
        eventType: step.event.type,
        reason: 'refused',
        differences: [],
        message: error instanceof Error ? error.message : String(error),
      };
      break;
    }
    const snapshot = toJson(actor.getPersistedSnapshot());
    const digest = snapshotDigest(snapshot);
    // The recorded snapshot must be the one its digest names too: an edited file (a total changed
    // by hand) is a difference to show, not a step that passes because its digest was left alone.
    const match = digest === step.digest && snapshotDigest(recorded[index] ?? null) === digest;
    steps.push({
      index,
      step,
      value: (snapshot as { value?: Json } | null)?.value ?? null,
      digest,
      match,
      contextDiff: diffJson(contextOf(previous), contextOf(snapshot)),
      emitted,
    });
    if (!match && !divergence) {
      divergence = {
        index,
        i: step.i,
        eventType: step.event.type,
        reason: 'snapshot',
        differences: differencesOf(recorded[index] ?? null, snapshot),
        message: `Langkah ${step.i} (${step.event.type}) berbeda dari rekaman`,
      };
    }
    previous = snapshot;
  }
  return { ...base, versionMatch, steps, divergence, actor };
}

/** Replays every lane of a trace to its end and stops the actors. */
export function replayTrace(trace: TraceDocument, options: Omit<ReplayOptions, 'upTo'> = {}): TraceReplay {
  const lanes = trace.lanes.map((lane) => {
    const { actor, ...run } = runLane(lane, options);
    actor?.stop();
    return run;
  });
  return {
    trace,
    lanes,
    otherVersion: lanes.filter((lane) => lane.known && !lane.versionMatch).map((lane) => lane.lane.name),
    identical: lanes.every((lane) => !lane.known || lane.divergence === null),
  };
}

/**
 * The lane's actor as the recording left it after step `upTo` (0: its start), with inert effects:
 * what the customer's screen showed, even where the replay reaches something else. Null when the
 * machine is unknown or the recorded snapshot cannot be restored (an edited file).
 */
export function restoreRecorded(
  lane: TraceLane,
  upTo: number,
  registry: Readonly<Record<string, ReplayMachine>> = REPLAY_MACHINES,
): AnyActorRef | null {
  const entry = registry[lane.machine.id];
  if (!entry) return null;
  const recorded = upTo <= 0 ? (lane.start as Json) : (recordedSnapshots(lane)[upTo - 1] ?? null);
  try {
    const actor = createActor(
      entry.replayLogic(() => 'reservation-replay'),
      {
        ...(recorded === null || recorded === undefined
          ? {}
          : { snapshot: fromJson(recorded, entry.errorClasses) as never }),
        input: fromJson(lane.input, entry.errorClasses) as never,
        clock: new SimulatedClock(),
      },
    ) as AnyActorRef;
    actor.start();
    return actor;
  } catch {
    return null;
  }
}
