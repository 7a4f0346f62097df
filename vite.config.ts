import { defineConfig, loadEnv, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { resolveApiBase } from './src/api/api-base';

const apiPort = process.env.API_PORT ?? '3001';

/** The version a support trace names: package version and commit (when built from a checkout). */
function appVersion(): string {
  const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  try {
    const commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    return commit ? `${version}+${commit}` : version;
  } catch {
    return version;
  }
}

const brotli = promisify(brotliCompress);
const gzipMax = promisify(gzip);
/** Text formats worth compressing; fonts (woff2) and pictures are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.map', '.txt', '.xml', '.webmanifest']);

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside each compressible
 * file of the build, public files included: the server sends the best one a browser accepts
 * without compressing anything per request (server/http/static-files.ts).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'berangkat:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.has(extname(file)));
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzipMax(body, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          // A copy no smaller than the file is never worth sending.
          if (br.length < body.length) await writeFile(`${file}.br`, br);
          if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/** The Latin subset of the app's variable font: every Indonesian text uses it. */
const PRIMARY_FONT = /plus-jakarta-sans-latin-wght-normal-[\w-]+\.woff2$/;

/** Preloads the app font in every page, so text is not drawn twice. */
function preloadFont(): Plugin {
  return {
    name: 'berangkat:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const font = bundle && Object.keys(bundle).find((name) => PRIMARY_FONT.test(name));
        if (!font) return [];
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${font}`, crossorigin: true },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

const ROUTES_DIR = resolve(import.meta.dirname, 'src/routes');
/** The folder of the per-route pages in the build, and the table the server matches paths with. */
export const ROUTE_PAGES_DIR = 'route-pages';
export const ROUTE_PAGES_MANIFEST = 'route-pages.json';

/**
 * The URL pattern of a route file under src/routes (TanStack Router's file naming): dots and
 * folders are path segments, `$x` a parameter, `{-$x}` an optional one, `index` the folder itself.
 * Null for files that are no page (the root layout, `-private` files).
 */
export function routePattern(file: string): { pattern: string; staticSegments: number } | null {
  const name = file.replace(/\.tsx?$/, '');
  if (name === '__root' || name.split('/').some((part) => part.startsWith('-'))) return null;
  // A dot separates segments except inside braces ({-$return}).
  const tokens = name.split('/').flatMap((part) => part.split(/\.(?![^{]*\})/));
  let pattern = '';
  let staticSegments = 0;
  for (const token of tokens) {
    if (token === 'index' || token === 'route' || token.startsWith('_')) continue;
    if (/^\{-\$\w+\}$/.test(token)) pattern += '(?:/[^/]+)?';
    else if (token === '$') pattern += '(?:/.*)?';
    else if (token.startsWith('$')) pattern += '/[^/]+';
    else {
      pattern += `/${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      staticSegments += 1;
    }
  }
  return { pattern: `^${pattern}/?$`, staticSegments };
}

export interface RoutePage {
  /** A regular expression over the URL path. */
  pattern: string;
  /** The HTML file of the build to send for it. */
  page: string;
}

/**
 * One page per route with `<link rel="modulepreload">` for every chunk its first render needs: the
 * route's split component (and its parents'), their static imports, and the code its loader awaits
 * (a dynamic import in a module the route file imports itself, such as the booking flow's core).
 * Without them the browser finds those chunks only after the entry has run, one round trip per
 * level of lazy imports. The home page also gets its header drawn in HTML (HOME_SHELL). The server
 * matches the path against route-pages.json (server/http/static-files.ts); others get index.html.
 */
function routePages(): Plugin {
  return {
    name: 'berangkat:route-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset' || typeof page.source !== 'string') return;
      const html = page.source;
      const root = '<div id="root"></div>';
      if (!html.includes(root) || !html.includes('</head>')) this.error('index.html has no empty #root or </head>');

      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const chunkOf = new Map<string, string>();
      for (const chunk of chunks) for (const id of chunk.moduleIds) chunkOf.set(id, chunk.fileName);
      const staticClosure = (start: Iterable<string>) => {
        const seen = new Set<string>();
        const queue = [...start];
        for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
          if (seen.has(name)) continue;
          seen.add(name);
          queue.push(...(byName.get(name)?.imports ?? []));
        }
        return seen;
      };
      // The entry's own static imports are in index.html already (Vite's modulepreload tags).
      const initial = staticClosure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));

      const routeModules = new Map<string, string>();
      for (const id of chunkOf.keys()) {
        if (id.startsWith(`${ROUTES_DIR}/`) && /\.tsx?$/.test(id))
          routeModules.set(id.slice(ROUTES_DIR.length + 1), id);
      }
      /** Chunks a route file's own render and loader load: its split parts and its direct imports' lazy code. */
      const ownChunks = (id: string): string[] => {
        const info = this.getModuleInfo(id);
        if (!info) return [];
        const lazy = [
          ...info.dynamicallyImportedIds,
          ...info.importedIds.flatMap((dep) => this.getModuleInfo(dep)?.dynamicallyImportedIds ?? []),
        ];
        return lazy.flatMap((dep) => {
          const chunk = chunkOf.get(dep);
          return chunk ? [chunk] : [];
        });
      };

      const tagsFor = (files: Set<string>) =>
        [...files]
          .filter((file) => !initial.has(file))
          .sort()
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join('');
      const table: (RoutePage & { staticSegments: number })[] = [];
      const pagesBySet = new Map<string, string>();
      for (const file of routeModules.keys()) {
        const route = routePattern(file);
        if (!route) continue;
        const name = file.replace(/\.tsx?$/, '');
        // The route and its parent layouts (app/schedule.{-$return} holds app/schedule.{-$return}/calendar).
        const lineage = [...routeModules].filter(
          ([other]) => other === file || name.startsWith(`${other.replace(/\.tsx?$/, '')}/`),
        );
        const tags = tagsFor(staticClosure(lineage.flatMap(([, moduleId]) => ownChunks(moduleId))));
        const isHome = file === 'index.tsx';
        if (!tags && !isHome) continue;
        let fileName = pagesBySet.get(tags);
        if (isHome || !fileName) {
          fileName = isHome ? 'home.html' : `${ROUTE_PAGES_DIR}/${name.replace(/[^\w-]+/g, '_')}.html`;
          const source = html
            .replace('</head>', `${tags}</head>`)
            .replace(root, isHome ? `<div id="root">${HOME_SHELL}</div>` : root);
          this.emitFile({ type: 'asset', fileName, source });
          if (!isHome) pagesBySet.set(tags, fileName);
        }
        table.push({ ...route, page: fileName });
      }
      // The most specific pattern first: /app/schedule/calendar before /app/schedule/{-$return}.
      table.sort((a, b) => b.staticSegments - a.staticSegments || b.pattern.length - a.pattern.length);
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PAGES_MANIFEST,
        source: JSON.stringify(table.map(({ pattern, page: file }) => ({ pattern, page: file }))),
      });
    },
  };
}

/**
 * The home page's header as plain HTML, drawn before any script runs: the traveller sees the page
 * at once on a slow phone, and React replaces it with the same markup (src/features/search/
 * home-screen.tsx, the root layout and the logo) when the app starts. Keep the two alike, or the
 * page shifts when React takes over. Widths from 768 px take the desktop layout's sizes (the app
 * sets data-vm="d" there), so a desktop does not shift either. e2e/home-shell.spec.ts fails when
 * the two differ in text or in where they are drawn.
 */
const HOME_SHELL = `<div class="flex min-h-dvh flex-col"><header class="bg-primary-700 text-white"><div class="mx-auto max-w-5xl px-4 pt-2 pb-24 min-[768px]:pb-28"><div class="flex items-center justify-between gap-2"><span class="inline-flex min-h-11 items-center gap-2 rounded-card font-extrabold tracking-tight"><svg viewBox="0 0 32 32" class="size-8" aria-hidden="true"><rect width="32" height="32" rx="8" class="fill-white"></rect><path d="M9 8h9.5a5 5 0 0 1 1.9 9.6A5.2 5.2 0 0 1 18.8 28H9zm4 4v4h5a2 2 0 0 0 0-4zm0 8v4h5.6a2 2 0 0 0 0-4z" class="fill-primary-700"></path></svg><span class="text-lg text-white">Berangkat</span></span></div><h1 class="mt-5 text-2xl leading-tight font-extrabold min-[768px]:mt-8 min-[768px]:text-3xl">Pesan tiket bus &amp; shuttle antarkota</h1><p class="mt-1 text-sm text-primary-100 min-[768px]:text-base">Cari jadwal, pilih kursi, dan bayar dengan mudah.</p></div></header></div>`;

/** zod's core module, whose global config lives on globalThis.__zod_globalConfig. */
const ZOD_CORE = /[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;
const ZOD_JITLESS = 'globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };';

const config = {
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion()) },
  plugins: [
    // Must run before the React plugin: it generates src/routeTree.gen.ts and splits route files.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
      quoteStyle: 'single',
      // Keep the generator's scratch files out of the working tree.
      tmpDir: 'node_modules/.cache/tanstack-router',
    }),
    react(),
    tailwindcss(),
    // react-aria ships no id-ID strings: src supplies Indonesian ones for the widgets it uses
    // (date-calendar-strings.ts); en-US stays as the fallback so no widget ever finds none.
    { ...optimizeLocales.vite({ locales: ['id-ID', 'en-US'] }), enforce: 'pre' },
    preloadFont(),
    routePages(),
    precompress(),
  ],
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['z'] },
      // Required by experimentalInlineCommonChunks; the app's only entry exports nothing.
      preserveEntrySignatures: false,
      output: {
        // The page's CSP forbids eval. zod probes for it (a caught `new Function`, still reported as
        // a violation) when it builds its first object schema, at module load: its global config
        // says jitless before its own code runs, at the top of the chunk that holds it.
        intro: (chunk) => (chunk.moduleIds.some((id) => ZOD_CORE.test(id)) ? ZOD_JITLESS : ''),
        codeSplitting: {
          groups: [
            // React, the router and the query cache start every page: one file instead of a dozen
            // small ones, each of which costs a request on a slow mobile connection.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack)[\\/]/,
              priority: 20,
            },
            // zod, the wire's schemas, the API client and the session start every page too: one
            // file. Left to rolldown, zod splits into a file of its own as soon as one route needs
            // zod but not the session, and the two compress worse apart (measured with bench:weight).
            {
              name: 'session',
              test: /[\\/](node_modules[\\/]zod)[\\/]|[\\/]src[\\/](api[\\/]client|platform[\\/](session|native-bridge|page-meta))\.ts$/,
              priority: 10,
            },
          ],
          // Small shared chunks (icons, hooks, helpers, a dialog) are copied into the chunks that use
          // them instead of each costing the page its own request on a slow connection; rolldown's
          // runtime keeps one instance of each module across the copies. Up to 64 KiB of source:
          // measured with bench:web, it took the booking page from 63 scripts to 12 with no more
          // bytes. Stylesheets stay files (Vite's CSS plugin), and so does zod (its chunk intro).
          experimentalInlineCommonChunks: {
            maxSize: 64 * 1024,
            exclude: [/\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/, ZOD_CORE],
          },
        },
      },
    },
  },
} satisfies UserConfig;

export default defineConfig(({ mode }) => {
  // A wrong API environment stops the build and the dev server here, with the setting named,
  // instead of a bundle that calls nowhere (the app reads the same settings in src/api/api.ts).
  resolveApiBase(loadEnv(mode, process.cwd(), 'VITE_')); // .env files and the process's VITE_ settings
  return config;
});
