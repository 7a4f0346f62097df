/**
 * Part of `npm run build` (so of `npm start`) and `npm run serve`: compiles the API into dist-server/ so it runs on
 * plain `node`, without a TypeScript loader compiling every module at start. node_modules stay
 * external: PGlite loads its wasm and data files relative to its own package. The migrations are
 * copied beside the bundle, where server/db/client.ts looks for them (`./migrations` relative to
 * the running module); dist/ (the web app) is `../dist` from either place.
 */
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_OUT_DIR = `${ROOT}dist-server`;

/** `outDir` (inside the repository, so node_modules resolve) lets a test build without touching dist-server/. */
export async function buildServer(outDir: string = SERVER_OUT_DIR): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    // setup.js: the database set-up, run as a short-lived process of its own (server/db/setup.ts).
    // cluster.js: `npm run serve:cluster`, forking index.js workers with cluster-heartbeat.js loaded first.
    entryPoints: {
      index: 'server/index.ts',
      setup: 'server/db/setup.ts',
      cluster: 'server/cluster.ts',
      'cluster-heartbeat': 'server/cluster-heartbeat.ts',
    },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  cpSync(`${ROOT}server/db/migrations`, `${outDir}/migrations`, { recursive: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  await buildServer();
  console.log(`Server compiled to dist-server/ in ${Math.round(performance.now() - started)} ms`);
}
