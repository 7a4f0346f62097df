/**
 * `npm run serve:cluster` as the tests run it: the compiled server (built into a folder of the
 * test's own, so dist-server/ and a parallel e2e run are left alone) started as
 * `node <build>/cluster.js`, the node:cluster primary, whose output names each worker's pid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { ROOT } from '../../../bench/support/server';
import { buildServer } from '../../../scripts/build-server';
import { apiEnv, type ApiProcessOptions } from './api-process';

export interface CompiledBuild {
  dir: string;
  remove(): Promise<void>;
}

/** Compiles the server as `npm run serve:cluster` does, into a fresh folder inside the repository. */
export async function buildCompiled(label: string): Promise<CompiledBuild> {
  const dir = `${ROOT}dist-server-${label}-${randomBytes(4).toString('hex')}`;
  await buildServer(dir);
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface ClusterProcess {
  child: ChildProcess;
  /** Everything the primary and its workers wrote to stdout and stderr. */
  output(): string;
  /** The pid of worker `n` (1-based) the primary started last. */
  workerPid(n: number): number | undefined;
  /** Waits until the primary names a worker `n` other than `previous`; its pid. */
  nextWorkerPid(n: number, previous: number, seconds: number): Promise<number>;
}

export function startCluster(build: CompiledBuild, size: number, options: ApiProcessOptions): ClusterProcess {
  const child = spawn(process.execPath, [`${build.dir}/cluster.js`], {
    cwd: ROOT,
    env: apiEnv({ ...options, extraEnv: { CLUSTER_SIZE: String(size), ...options.extraEnv } }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const pids = new Map<number, number>();
  const collect = (chunk: Buffer) => {
    text += chunk.toString();
    // The whole output each time: a line may arrive split over two chunks. Later lines win.
    for (const match of text.matchAll(/^API (\d+): pid (\d+)$/gm)) pids.set(Number(match[1]), Number(match[2]));
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', (chunk: Buffer) => {
    collect(chunk);
    // Errors of the processes stay visible in the test's output.
    process.stderr.write(chunk);
  });
  return {
    child,
    output: () => text,
    workerPid: (n) => pids.get(n),
    async nextWorkerPid(n, previous, seconds) {
      const deadline = Date.now() + seconds * 1000;
      while (Date.now() < deadline) {
        const pid = pids.get(n);
        if (pid !== undefined && pid !== previous) return pid;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`worker ${n} was not started again within ${seconds} s`);
    },
  };
}

/** Whether a process still runs. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
