/**
 * Load from a separate process, and the CPU each side spent: the benchmark's side of
 * generator.ts (autocannon in a child process, pinned to a core of its own when the machine has
 * one to spare), and CPU time per process group read from /proc (utime + stime) around each run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { RunRequest } from './generator';
import type { RunResult } from './load';
import { ROOT } from './server';

const GENERATOR = fileURLToPath(new URL('./generator.ts', import.meta.url));
const CORES = availableParallelism();
/** Clock ticks per second of /proc/<pid>/stat's times (getconf CLK_TCK; 100 on Linux). */
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

// ---------------------------------------------------------------------------------------------
// Pinning.

export interface PinPlan {
  /** taskset CPU lists, or undefined when not pinned. */
  server?: string;
  generator?: string;
  /** What was pinned, for the output. */
  description: string;
}

/**
 * The generator on the last core and the server's processes on the others, when every server
 * process still has a core of its own (2 cores, 1 process: server 0, generator 1). Otherwise
 * nothing is pinned: squeezing two workers onto one core would measure the squeeze.
 */
export function pinPlan(serverProcesses: number, wanted: boolean): PinPlan {
  const hasTaskset = spawnSync('taskset', ['--version']).status === 0;
  if (!wanted) return { description: 'nothing pinned (--no-pin)' };
  if (!hasTaskset) return { description: 'nothing pinned (taskset not found)' };
  if (CORES - 1 < serverProcesses)
    return {
      description: `nothing pinned (${CORES} cores: not one each for ${serverProcesses} server processes and the generator)`,
    };
  const server = CORES === 2 ? '0' : `0-${CORES - 2}`;
  const generator = String(CORES - 1);
  return {
    server,
    generator,
    description: `server on CPU ${server}, load generator on CPU ${generator} (taskset); the database server is not pinned`,
  };
}

/** The command that runs `args` (starting with the executable) on the given CPUs, or as it is. */
export function pinned(cpus: string | undefined, args: readonly string[]): [string, string[]] {
  const [command = '', ...rest] = args;
  return cpus ? ['taskset', ['-c', cpus, command, ...rest]] : [command, rest];
}

// ---------------------------------------------------------------------------------------------
// CPU time.

/** utime + stime of a process in ms, or undefined when it is gone. */
function cpuMsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name (in parentheses, may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
  } catch {
    return undefined;
  }
}

/** A process and all its descendants (a cluster primary and its workers). */
export function processTree(root: number): number[] {
  const found = [root];
  for (let i = 0; i < found.length; i += 1) {
    const pid = found[i] as number;
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
        if (children) found.push(...children.split(' ').map(Number));
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return found;
}

export type CpuGroups = Record<string, () => number[] | Promise<number[]>>;
export interface CpuSnapshot {
  at: number;
  byGroup: Record<string, Map<number, number>>;
}

export async function cpuSnapshot(groups: CpuGroups): Promise<CpuSnapshot> {
  const byGroup: Record<string, Map<number, number>> = {};
  for (const [name, pids] of Object.entries(groups)) {
    const times = new Map<number, number>();
    for (const pid of await pids()) {
      const ms = cpuMsOf(pid);
      if (ms !== undefined) times.set(pid, ms);
    }
    byGroup[name] = times;
  }
  return { at: performance.now(), byGroup };
}

/**
 * Each group's CPU between two snapshots as a share of one core (100 = one core busy the whole
 * time). A process that appeared in between counts from zero; one that ended counts nothing.
 */
export function cpuShares(before: CpuSnapshot, after: CpuSnapshot): Record<string, number> {
  const wall = after.at - before.at;
  return Object.fromEntries(Object.entries(cpuUsedMs(before, after)).map(([name, ms]) => [name, (100 * ms) / wall]));
}

/** Each group's CPU ms between two snapshots. */
/** The median of one CPU figure over a call's runs. */
export function medianCpu(cells: readonly { cpu: Record<string, number> }[], name: string): number {
  return cells.map((cell) => cell.cpu[name] ?? 0).sort((a, b) => a - b)[Math.floor(cells.length / 2)] ?? 0;
}

export function cpuUsedMs(before: CpuSnapshot, after: CpuSnapshot): Record<string, number> {
  const used: Record<string, number> = {};
  for (const [name, times] of Object.entries(after.byGroup)) {
    let sum = 0;
    for (const [pid, ms] of times) sum += ms - (before.byGroup[name]?.get(pid) ?? 0);
    used[name] = sum;
  }
  return used;
}

/** A share of one core as "core % / machine %". */
export function shareCell(percentOfCore: number): string {
  return `${percentOfCore.toFixed(0)} / ${(percentOfCore / CORES).toFixed(0)}`;
}

export const MACHINE_CORES = CORES;

// ---------------------------------------------------------------------------------------------
// The generator process.

export interface LoadGenerator {
  pid: number;
  run(request: RunRequest): Promise<RunResult>;
  stop(): Promise<void>;
}

type Reply = { ready: true } | { ok: true; result: RunResult } | { ok: false; error: string };

export async function startGenerator(cpus: string | undefined): Promise<LoadGenerator> {
  const [command, args] = pinned(cpus, [process.execPath, '--import', 'tsx', GENERATOR]);
  const child: ChildProcess = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let pending: { resolve(value: Reply): void; reject(error: Error): void } | null = null;
  const next = () =>
    new Promise<Reply>((resolve, reject) => {
      pending = { resolve, reject };
    });
  child.on('message', (message: Reply) => {
    const waiting = pending;
    pending = null;
    waiting?.resolve(message);
  });
  child.on('exit', (code) => {
    const waiting = pending;
    pending = null;
    waiting?.reject(new Error(`load generator exited with code ${code ?? '?'}`));
  });
  await next();
  return {
    // taskset execs node in its own process: the pid is the generator's.
    pid: child.pid ?? 0,
    async run(request) {
      const answer = next();
      child.send(request);
      const reply = await answer;
      if ('ready' in reply) throw new Error('load generator answered out of turn');
      if (!reply.ok) throw new Error(`load generator: ${reply.error}`);
      return reply.result;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
