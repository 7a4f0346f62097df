import { readFileSync, writeFileSync } from 'node:fs';

/**
 * The registry this project installs from lacks some platform builds of native optional
 * dependencies (e.g. @tailwindcss/oxide for darwin, @unrs/resolver-binding for win32), so
 * `npm install` writes optional edges to packages it could not lock, and `npm ci` then refuses
 * the lockfile as "out of sync". This drops those dangling optional edges. Run it after every
 * `npm install` that changes package-lock.json: `npm run lock:prune`.
 */
export function danglingOptionalEdges(lock: LockFile): Array<[string, string]> {
  const paths = Object.keys(lock.packages);
  const present = (name: string) =>
    paths.some((p) => p === `node_modules/${name}` || p.endsWith(`/node_modules/${name}`));
  const dangling: Array<[string, string]> = [];
  for (const [path, node] of Object.entries(lock.packages)) {
    for (const name of Object.keys(node.optionalDependencies ?? {})) {
      if (!present(name)) dangling.push([path, name]);
    }
  }
  return dangling;
}

export interface LockFile {
  packages: Record<string, { optionalDependencies?: Record<string, string> }>;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const file = 'package-lock.json';
  const lock = JSON.parse(readFileSync(file, 'utf8')) as LockFile;
  const dangling = danglingOptionalEdges(lock);
  for (const [path, name] of dangling) delete lock.packages[path]?.optionalDependencies?.[name];
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: ${dangling.length} optional edge(s) to unpublished platform builds removed`);
}
