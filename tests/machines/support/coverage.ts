import {
  createActor,
  type AnyStateMachine,
  type AnyStateNode,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';

/**
 * Coverage of a chart by generated paths, counted from what really happens when the paths are
 * replayed: every state node entered and every transition definition taken (guarded branches,
 * delays and eventless transitions each count on their own).
 */
export interface ChartCoverage {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
  paths: number;
}

type TransitionLike = { source: AnyStateNode; eventType: string };

function stateNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>).flatMap((child) => [child, ...stateNodes(child)]);
}

function transitionKey(transition: TransitionLike): string {
  const source = transition.source;
  const list =
    transition.eventType === '' ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
  const index = list.indexOf(transition as never);
  return `${source.id} --${transition.eventType || 'always'}[${index}]`;
}

/** Every transition definition a chart declares, by key. */
export function declaredTransitions(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  for (const node of [machine.root, ...stateNodes(machine.root)]) {
    for (const [eventType, list] of node.transitions as Map<string, TransitionLike[]>) {
      list.forEach((_, index) => keys.push(`${node.id} --${eventType}[${index}]`));
    }
    (node.always ?? []).forEach((_: unknown, index: number) => keys.push(`${node.id} --always[${index}]`));
  }
  return keys;
}

export function declaredStates(machine: AnyStateMachine): string[] {
  return stateNodes(machine.root).map((node) => node.id);
}

/**
 * Records what actors entered and took, for a test that replays paths itself: pass `inspect` to
 * each actor, call `record` with its snapshot after each event, then read `result`.
 */
export function coverageRecorder() {
  const seenStates = new Set<string>();
  const seenTransitions = new Set<string>();
  let paths = 0;
  return {
    inspect: (inspection: InspectionEvent) => {
      if (inspection.type === '@xstate.microstep') {
        // Transient states (left by an eventless transition in the same step) count as entered.
        for (const node of (inspection.snapshot as unknown as { _nodes: AnyStateNode[] })._nodes)
          seenStates.add(node.id);
        for (const transition of inspection._transitions as unknown as TransitionLike[]) {
          seenTransitions.add(transitionKey(transition));
        }
      }
    },
    record: (snapshot: { _nodes: unknown }) => {
      for (const node of snapshot._nodes as AnyStateNode[]) seenStates.add(node.id);
    },
    /** Counts one replayed path. */
    pathDone: () => {
      paths += 1;
    },
    result: (machine: AnyStateMachine): ChartCoverage => {
      const allStates = declaredStates(machine);
      const allTransitions = declaredTransitions(machine);
      return {
        states: {
          covered: allStates.filter((id) => seenStates.has(id)).length,
          total: allStates.length,
          missing: allStates.filter((id) => !seenStates.has(id)),
        },
        transitions: {
          covered: allTransitions.filter((key) => seenTransitions.has(key)).length,
          total: allTransitions.length,
          missing: allTransitions.filter((key) => !seenTransitions.has(key)),
        },
        paths,
      };
    },
  };
}
export type CoverageRecorder = ReturnType<typeof coverageRecorder>;

/** Replays each path (a list of events) on a fresh actor and records what was entered and taken. */
export function measureCoverage<TEvent extends EventObject>(
  machine: AnyStateMachine,
  paths: readonly (readonly TEvent[])[],
  input?: unknown,
): ChartCoverage {
  const recorder = coverageRecorder();
  for (const events of paths) {
    const actor = createActor(machine, { input, inspect: recorder.inspect });
    actor.start();
    recorder.record(actor.getSnapshot());
    for (const event of events) {
      actor.send(event);
      recorder.record(actor.getSnapshot());
    }
    actor.stop();
    recorder.pathDone();
  }
  return recorder.result(machine);
}

export function printCoverage(name: string, coverage: ChartCoverage): void {
  const pct = (part: { covered: number; total: number }) =>
    part.total === 0 ? 100 : Math.round((part.covered / part.total) * 1000) / 10;
  console.log(
    `[model] ${name}: states ${coverage.states.covered}/${coverage.states.total} (${pct(coverage.states)}%), ` +
      `transitions ${coverage.transitions.covered}/${coverage.transitions.total} (${pct(coverage.transitions)}%), ` +
      `paths ${coverage.paths}`,
  );
}

/**
 * Paths that take every edge of the reachable graph once: the shortest path to each state, then
 * each event that state accepts. Shortest paths alone miss edges that lead to known states.
 * `events` lists the events to try (with payloads); `serialize` decides which snapshots count as
 * the same state (default: value and context).
 */
export function edgeCoverPaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: {
    events:
      readonly EventFromLogic<TMachine>[] | ((snapshot: SnapshotFrom<TMachine>) => readonly EventFromLogic<TMachine>[]);
    input?: InputFrom<TMachine>;
    limit?: number;
    serialize?: (snapshot: SnapshotFrom<TMachine>) => string;
  },
): EventFromLogic<TMachine>[][] {
  type TEvent = EventFromLogic<TMachine>;
  const serialize = options.serialize ?? defaultSerialize;
  const traversal = {
    events: options.events,
    ...(options.input === undefined ? {} : { input: options.input }),
    ...(options.limit === undefined ? {} : { limit: options.limit }),
    serializeState: (snapshot: SnapshotFrom<TMachine>) => serialize(snapshot),
  };
  const shortest = getShortestPaths(machine, traversal as never);
  const toState = new Map<string, TEvent[]>();
  for (const path of shortest) {
    const key = serialize(path.state as SnapshotFrom<TMachine>);
    const events = path.steps.map((step) => step.event as TEvent).filter((event) => event.type !== 'xstate.init');
    const known = toState.get(key);
    if (!known || known.length > events.length) toState.set(key, events);
  }
  const adjacency = getAdjacencyMap(machine, traversal as never) as unknown as Record<
    string,
    { state: SnapshotFrom<TMachine>; transitions: Record<string, { event: TEvent }> }
  >;
  const paths: TEvent[][] = [];
  for (const entry of Object.values(adjacency)) {
    const prefix = toState.get(serialize(entry.state));
    if (!prefix) continue;
    for (const { event } of Object.values(entry.transitions)) paths.push([...prefix, event]);
  }
  return paths;
}

function defaultSerialize(snapshot: unknown): string {
  const { value, context } = snapshot as { value: unknown; context: unknown };
  return JSON.stringify({ value, context });
}

/**
 * What no input's paths reached: a state or transition is missing only if every input missed it.
 * `entered` names states known entered although the inspection did not report them (a transient
 * initial state left within the actor's start).
 */
export function combineCoverage(
  coverages: readonly ChartCoverage[],
  entered: (stateId: string) => boolean = () => false,
): ChartCoverage {
  const [first] = coverages;
  if (!first) throw new Error('no coverage measured');
  const missing = (pick: (coverage: ChartCoverage) => string[]) =>
    pick(first).filter((key) => coverages.every((coverage) => pick(coverage).includes(key)));
  const states = missing((coverage) => coverage.states.missing).filter((id) => !entered(id));
  const transitions = missing((coverage) => coverage.transitions.missing);
  return {
    states: { covered: first.states.total - states.length, total: first.states.total, missing: states },
    transitions: {
      covered: first.transitions.total - transitions.length,
      total: first.transitions.total,
      missing: transitions,
    },
    paths: coverages.reduce((sum, coverage) => sum + coverage.paths, 0),
  };
}

/**
 * A run whose paths are generated when a test first reads them. A chart so broken that path
 * generation throws then fails that test instead of the file's collection, which mutation testing
 * would not count as a failed test.
 */
export function withLazyPaths<T extends object, P>(run: T, make: () => P): T & { readonly paths: P } {
  let made: { value: P } | undefined;
  return Object.defineProperty(run, 'paths', {
    get: () => (made ??= { value: make() }).value,
    enumerable: true,
  }) as T & { readonly paths: P };
}
