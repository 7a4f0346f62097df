import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import optimizeLocales from '@react-aria/optimize-locales-plugin';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
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
