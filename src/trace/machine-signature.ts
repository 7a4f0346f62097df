import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { digestOf, stableStringify, type Json } from './trace-codec';

/**
 * A machine's version for traces: a digest of its chart (states, transitions and their targets,
 * guard and invoke names, delays) and of the charts it spawns. It reads only names, never code,
 * so the browser's minified build and the CLI's sources agree on it.
 */

interface TransitionShape {
  eventType: string;
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
  reenter?: boolean;
  actions?: readonly unknown[];
}

function nameOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'type' in value && typeof value.type === 'string') return value.type;
  return typeof value === 'function' ? 'inline' : 'none';
}

function transitionShape(transition: TransitionShape): Json {
  return {
    event: transition.eventType,
    target: (transition.target ?? []).map((node) => node.id),
    guard: nameOf(transition.guard),
    reenter: transition.reenter === true,
    actions: (transition.actions ?? []).map(nameOf),
  };
}

function nodeShape(node: AnyStateNode): Json {
  const transitions: Json[] = [];
  for (const list of node.transitions.values()) {
    for (const transition of list as readonly TransitionShape[]) transitions.push(transitionShape(transition));
  }
  return {
    id: node.id,
    type: node.type,
    entry: node.entry.map(nameOf),
    exit: node.exit.map(nameOf),
    invoke: node.invoke.map((invoke) => ({ id: invoke.id, src: nameOf(invoke.src) })),
    always: (node.always ?? []).map((transition) => transitionShape(transition as TransitionShape)),
    transitions,
    states: Object.values(node.states).map(nodeShape),
  };
}

function isMachine(logic: unknown): logic is AnyStateMachine {
  return logic !== null && typeof logic === 'object' && 'root' in logic && 'implementations' in logic;
}

function machineShape(machine: AnyStateMachine, seen: Set<string>): Json {
  seen.add(machine.id);
  const children: Record<string, Json> = {};
  for (const [name, logic] of Object.entries(machine.implementations.actors)) {
    if (isMachine(logic) && !seen.has(logic.id)) children[name] = machineShape(logic, seen);
  }
  return { id: machine.id, root: nodeShape(machine.root), children };
}

export function machineSignature(machine: AnyStateMachine): string {
  return digestOf(stableStringify(machineShape(machine, new Set())));
}
