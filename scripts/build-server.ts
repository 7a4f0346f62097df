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

export async function buildServer(): Promise<void> {
  rmSync(SERVER_OUT_DIR, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    // setup.js: the database set-up, run as a short-lived process of its own (server/db/setup.ts).
    entryPoints: { index: 'server/index.ts', setup: 'server/db/setup.ts' },
    outdir: SERVER_OUT_DIR,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  cpSync(`${ROOT}server/db/migrations`, `${SERVER_OUT_DIR}/migrations`, { recursive: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  await buildServer();
  console.log(`Server compiled to dist-server/ in ${Math.round(performance.now() - started)} ms`);
}
