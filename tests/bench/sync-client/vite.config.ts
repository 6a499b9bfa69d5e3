/**
 * A tiny build of the bench page (index.html + page/main.ts, which imports the app's own data
 * layer from src/data). It goes to node_modules/.cache/forja-bench/web — never into dist/ — and
 * the sync-server serves it through FORJA_WEB_DIR, so the page and /api share one origin.
 * Production mode: RxDB dev-mode stays off, like in the shipped PWA.
 */
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

export const BENCH_WEB_DIR = fileURLToPath(new URL('../../../node_modules/.cache/forja-bench/web', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  mode: 'production',
  logLevel: 'warn',
  resolve: {
    alias: [
      { find: '@shared', replacement: fileURLToPath(new URL('../../../schemas', import.meta.url)) },
      // FORJA_BENCH_CLIENT=minimal: the bench's own replication instead of src/data (comparison).
      ...(process.env.FORJA_BENCH_CLIENT === 'minimal'
        ? [{ find: /^\.\/app-client$/, replacement: fileURLToPath(new URL('./page/minimal-client.ts', import.meta.url)) }]
        : []),
    ],
  },
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    outDir: BENCH_WEB_DIR,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Unminified: the CPU profile maps samples back to modules through the bundle's `// path` comments.
    minify: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 5000,
  },
});
