import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

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

export default defineConfig({
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
  },
});
