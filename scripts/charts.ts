/**
 * `npm run charts`: one Mermaid state diagram per machine in machines/*.machine.ts, written to
 * docs/charts/<machine-id>.md from the machine definitions (never drawn by hand), plus the list of
 * charts in README.md between the chart markers. tests/machines/charts.test.ts fails when a
 * committed chart differs from what this script generates now.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const MACHINES_DIR = join(ROOT, 'machines');
export const CHARTS_DIR = join(ROOT, 'docs', 'charts');
export const README = join(ROOT, 'README.md');
export const README_START = '<!-- charts:start -->';
export const README_END = '<!-- charts:end -->';

export interface FoundMachine {
  id: string;
  /** Export name, e.g. `sheetMachine`. */
  name: string;
  /** Source file relative to the project root, e.g. `machines/sheet.machine.ts`. */
  file: string;
  machine: AnyStateMachine;
}

// The parts of xstate's internal transition and guard objects the chart reads.
interface TransitionDef {
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
  eventType: string;
  delay?: number | string;
  reenter?: boolean;
  actions?: readonly unknown[];
}
interface GuardFn {
  (...args: never[]): unknown;
  guards?: unknown[];
  stateValue?: unknown;
}

/** Mermaid ids: word characters only (the grammar ends an id at `-`, `:` and spaces). */
function mermaidIds(machine: AnyStateMachine): Map<AnyStateNode, string> {
  const nodes = allNodes(machine.root);
  const byKey = new Map<string, number>();
  const base = (node: AnyStateNode) => sanitize(node.parent ? node.key : machine.id);
  for (const node of nodes) byKey.set(base(node), (byKey.get(base(node)) ?? 0) + 1);
  const ids = new Map<AnyStateNode, string>();
  for (const node of nodes) {
    // Short keys read best; the full path only where a key repeats in the machine.
    let id = byKey.get(base(node)) === 1 ? base(node) : sanitize([machine.id, ...node.path].join('_'));
    // `default` is a keyword of the grammar, even as the start of an id.
    if (/^default/i.test(id)) id = `state_${id}`;
    ids.set(node, id);
  }
  return ids;
}

function sanitize(text: string): string {
  return text.replace(/[^A-Za-z0-9_]/g, '_');
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...children(node).flatMap(allNodes)];
}

function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>);
}

/** Transition labels: the grammar ends a label at `:` and `;`. */
function label(text: string): string {
  return text.replace(/[:;]/g, ',').replace(/\s+/g, ' ').trim();
}

function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as GuardFn;
    const parts = (fn.guards ?? []).map(guardName);
    if (fn.name === 'and') return parts.length > 1 ? `(${parts.join(' && ')})` : (parts[0] ?? 'true');
    if (fn.name === 'or') return parts.length > 1 ? `(${parts.join(' || ')})` : (parts[0] ?? 'false');
    if (fn.name === 'not') return `!${parts[0] ?? ''}`;
    if (fn.name === 'stateIn') return `in ${stateValueText(fn.stateValue)}`;
    // An inline guard is named after its property ("guard") or not at all: the same chart either way.
    return fn.name && fn.name !== 'guard' ? fn.name : 'inline';
  }
  if (guard && typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

/** Named actions only: inline and built-in ones (assign, raise, ...) say nothing a reader needs. */
function actionNames(actions: readonly unknown[]): string[] {
  return actions.flatMap((action) => {
    const type =
      typeof action === 'string'
        ? action
        : action && typeof action === 'object' && 'type' in action
          ? String((action as { type: unknown }).type)
          : '';
    return type && !type.startsWith('xstate.') ? [type] : [];
  });
}

/** `{ work: { left: 'b' } }` -> `work.left.b` (parallel values joined with `, `). */
function stateValueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([key, child]) =>
      child && (typeof child === 'string' || typeof child === 'object') ? `${key}.${stateValueText(child)}` : key,
    )
    .join(', ');
}

function delayLabel(machine: AnyStateMachine, delay: number | string): string {
  if (typeof delay === 'number') return `after ${delay}ms`;
  const named = (machine.implementations.delays as Record<string, unknown>)[delay];
  return typeof named === 'number' ? `after ${named}ms` : `after ${delay}`;
}

/** Readable event of a transition: delays, invoke results and eventless ones get their own words. */
function eventLabel(machine: AnyStateMachine, node: AnyStateNode, transition: TransitionDef): string {
  const type = transition.eventType;
  if (type === '') return 'always';
  if (transition.delay !== undefined) return delayLabel(machine, transition.delay);
  const invokes = node.invoke as { id: string; src: string }[];
  for (const prefix of ['xstate.done.actor.', 'xstate.error.actor.', 'xstate.snapshot.']) {
    if (!type.startsWith(prefix)) continue;
    const invoked = invokes.find((invoke) => `${prefix}${invoke.id}` === type);
    const name = invoked?.src ?? type.slice(prefix.length);
    const kind = prefix === 'xstate.done.actor.' ? 'done' : prefix === 'xstate.error.actor.' ? 'error' : 'snapshot';
    return `${kind} ${name}`;
  }
  if (type === `xstate.done.state.${node.id}`) return 'done';
  return type;
}

/** The node's transitions, grouped by event (sorted), candidates in priority order, always last. */
function transitionGroups(node: AnyStateNode): TransitionDef[][] {
  const groups = [...(node.transitions as Map<string, TransitionDef[]>).entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, list]) => list);
  const always = (node.always ?? []) as TransitionDef[];
  return always.length > 0 ? [...groups, always] : groups;
}

function edges(machine: AnyStateMachine, node: AnyStateNode, ids: Map<AnyStateNode, string>): string[] {
  const lines: string[] = [];
  const from = ids.get(node) as string;
  for (const group of transitionGroups(node)) {
    group.forEach((transition, index) => {
      let text = eventLabel(machine, node, transition);
      if (transition.guard !== undefined) text += ` [${guardName(transition.guard)}]`;
      // An unguarded candidate after guarded ones is the fallback.
      else if (index > 0) text += ' [else]';
      const actions = actionNames(transition.actions ?? []);
      if (actions.length > 0) text += ` / ${actions.join(', ')}`;
      const targets = transition.target && transition.target.length > 0 ? transition.target : [node];
      for (const target of targets) lines.push(`${from} --> ${ids.get(target) as string} : ${label(text)}`);
    });
  }
  return lines;
}

function note(node: AnyStateNode, id: string): string[] {
  const invokes = (node.invoke as { src: string }[]).map((invoke) => `invokes ${invoke.src}`);
  const text = [node.description, ...invokes].filter((line): line is string => Boolean(line));
  if (text.length === 0) return [];
  // Multi-line notes end only at the words "end note", so keep them out of the text.
  return [`note right of ${id}`, ...text.map((line) => `  ${line.replace(/end note/gi, 'end-note')}`), 'end note'];
}

function indent(lines: string[]): string[] {
  return lines.map((line) => `  ${line}`);
}

/** The structure of a state: its declaration, children, initial and final markers and note. */
function renderNode(machine: AnyStateMachine, node: AnyStateNode, ids: Map<AnyStateNode, string>): string[] {
  const id = ids.get(node) as string;
  const name = node.parent ? node.key : machine.id;
  const lines: string[] = [];
  if (node.type === 'history') {
    lines.push(`state "${node.history === 'deep' ? 'H*' : 'H'} (${name})" as ${id}`);
  } else if (name !== id) {
    lines.push(`state "${name}" as ${id}`);
  }
  const kids = children(node);
  if (kids.length > 0) {
    const body: string[] = [];
    if (node.type === 'parallel') {
      kids.forEach((kid, index) => {
        if (index > 0) body.push('--');
        body.push(...renderNode(machine, kid, ids));
      });
    } else {
      for (const target of (node.initial?.target ?? []) as AnyStateNode[]) body.push(`[*] --> ${ids.get(target)}`);
      for (const kid of kids) body.push(...renderNode(machine, kid, ids));
    }
    lines.push(`state ${id} {`, ...indent(body), '}');
  } else if (name === id && node.type !== 'history') {
    lines.push(id);
  }
  if (node.type === 'final') lines.push(`${id} --> [*]`);
  lines.push(...note(node, id));
  return lines;
}

/** A Mermaid `stateDiagram-v2` of the machine, from `machine.root`. Pure and deterministic. */
export function machineToMermaid(machine: AnyStateMachine): string {
  const ids = mermaidIds(machine);
  const rootId = ids.get(machine.root) as string;
  // Every state is declared inside its parent first; the transitions follow at the top level, so that
  // a transition never places a state in the wrong composite (Mermaid keeps a state's first parent).
  const transitions = allNodes(machine.root).flatMap((node) => edges(machine, node, ids));
  return [
    'stateDiagram-v2',
    ...indent([`[*] --> ${rootId}`, ...renderNode(machine, machine.root, ids), ...transitions]),
  ].join('\n');
}

/** The markdown file of one chart. */
export function chartMarkdown(found: FoundMachine): string {
  return [
    `# Statechart: ${found.id}`,
    '',
    `The \`${found.name}\` of \`${found.file}\` as a state diagram: states with their descriptions, events, ` +
      'guards in brackets and delays in ms. Generated from the machine definition by `npm run charts`; do not edit.',
    '',
    '```mermaid',
    machineToMermaid(found.machine),
    '```',
    '',
  ].join('\n');
}

export function chartFile(id: string): string {
  return join(CHARTS_DIR, `${id}.md`);
}

/** Every exported `...Machine` of machines/*.machine.ts, sorted by machine id. */
export async function collectMachines(dir: string = MACHINES_DIR): Promise<FoundMachine[]> {
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.machine.ts'))
    .sort();
  const found: FoundMachine[] = [];
  for (const file of files) {
    const path = join(dir, file);
    const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module).sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (!name.endsWith('Machine') || !isMachine(value)) continue;
      found.push({ id: value.id, name, file: relative(ROOT, path).split('\\').join('/'), machine: value });
    }
  }
  const ids = found.map((entry) => entry.id);
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate) throw new Error(`two machines have the id "${duplicate}": chart files would collide`);
  return found.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'id' in value && 'config' in value;
}

/** The README block listing the charts, markers included. */
export function readmeBlock(found: readonly FoundMachine[]): string {
  const links = found.map((entry) => `- [${entry.id}](docs/charts/${entry.id}.md) (\`${entry.file}\`)`);
  // Blank lines around the list keep the block as prettier formats it.
  return [README_START, '', ...(links.length > 0 ? links : ['- (no machines yet)']), '', README_END].join('\n');
}

/** README text with the chart block replaced, or a Statecharts section appended when it has none. */
export function updateReadme(text: string, found: readonly FoundMachine[]): string {
  const block = readmeBlock(found);
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start >= 0 && end > start) return text.slice(0, start) + block + text.slice(end + README_END.length);
  const section = [
    '## Statecharts',
    '',
    'One Mermaid diagram per machine, generated from the machine definitions by `npm run charts` (a test',
    'fails when one is stale). The list below is rewritten by the same command.',
    '',
    block,
    '',
  ].join('\n');
  return `${text.replace(/\n*$/, '')}\n\n${section}`;
}

/** Chart files on disk that belong to no machine any more. */
export function staleChartFiles(found: readonly FoundMachine[]): string[] {
  if (!existsSync(CHARTS_DIR)) return [];
  const wanted = new Set(found.map((entry) => `${entry.id}.md`));
  return readdirSync(CHARTS_DIR)
    .filter((file) => file.endsWith('.md') && !wanted.has(file))
    .sort()
    .map((file) => join(CHARTS_DIR, file));
}

async function main(): Promise<void> {
  const found = await collectMachines();
  mkdirSync(CHARTS_DIR, { recursive: true });
  for (const entry of found) {
    writeFileSync(chartFile(entry.id), chartMarkdown(entry));
    console.log(`wrote ${relative(ROOT, chartFile(entry.id))}`);
  }
  for (const file of staleChartFiles(found)) {
    rmSync(file);
    console.log(`removed ${relative(ROOT, file)} (no such machine)`);
  }
  const readme = readFileSync(README, 'utf8');
  const next = updateReadme(readme, found);
  if (next !== readme) {
    writeFileSync(README, next);
    console.log('updated the Statecharts list in README.md');
  }
}

if (process.argv[1] && basename(process.argv[1]) === basename(fileURLToPath(import.meta.url))) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
