import { build, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Plugin } from 'vite';
import { writeStamp } from './scripts/build-stamp.mjs';

/**
 * Writes .br and .gz beside every text asset of the build, so the server can send them
 * pre-compressed (@fastify/static `preCompressed`): a phone on a weak signal downloads about a
 * third of the bytes, without compressing on every request.
 */
function precompress(): Plugin {
  const outDir = fileURLToPath(new URL('./dist', import.meta.url));
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'forja-precompress',
    apply: 'build',
    enforce: 'post',
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          if (!/\.(js|mjs|css|html|svg|json|webmanifest)$/.test(file)) continue;
          const data = readFileSync(file);
          if (data.length < 1024) continue;
          writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
          writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        }
      },
    },
  };
}

/**
 * Writes the build's stamp (scripts/build-stamp.mjs) into its folder once everything else is
 * written: `npm start` rebuilds when the sources changed since, and the e2e tests refuse a stale build.
 */
function buildStamp(): Plugin {
  let outDir = '';
  const root = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'forja-build-stamp',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: { order: 'post', sequential: true, handler: () => writeStamp(outDir, root) },
  };
}

const alias = { '@shared': fileURLToPath(new URL('./schemas', import.meta.url)) };

/** Where the public pages' build lists its files (read by sync-server/src/http/page-preloads.ts). */
const PUBLIC_MANIFEST = '.vite/public-manifest.json';

/**
 * The public pages' own build, made by every `vite build` of the web app right after the staff
 * app's, into the same folder: public.html and its entry (src/public-main.tsx), which the server
 * sends for / and /quotation/:code. A build of its own, because in one build with the staff app
 * React Router would be one shared chunk holding everything either entry uses (its data router,
 * ~18 KB gzip, ~57 KB of script to run on a phone). Its files are named assets/site-*, kept out of
 * the service worker's precache: a staff device's service worker answers every page with
 * index.html, these two too, so it never asks for them.
 */
function publicPagesBuild(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'forja-public-pages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      // Before the service worker's precache list and the compressed twins are made.
      order: 'pre',
      sequential: true,
      async handler() {
        const name = 'assets/site-[name]-[hash]';
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          resolve: { alias },
          plugins: [react()],
          build: {
            outDir,
            emptyOutDir: false,
            copyPublicDir: false,
            target: 'es2022',
            sourcemap: false,
            manifest: PUBLIC_MANIFEST,
            rollupOptions: {
              input: { public: resolve(root, 'public.html') },
              output: { entryFileNames: `${name}.js`, chunkFileNames: `${name}.js`, assetFileNames: `${name}[extname]` },
            },
          },
        });
      },
    },
  };
}

/**
 * `vite build`: the web app, into dist/ (the staff app, then the public pages: publicPagesBuild). `vite build --ssr src/ssr/entry-server.tsx --outDir
 * dist-ssr` (npm run build does both): the server's renderer of the public quotation page, a
 * Node module, without the service worker and the compressed twins that only the web app needs.
 */
export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias },
  plugins: isSsrBuild ? [react(), buildStamp()] : [
    react(),
    publicPagesBuild(),
    precompress(),
    buildStamp(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Forja — Soldagem e Usinagem',
        short_name: 'Forja',
        description: 'Orçamentos, clientes, caixa e estoque da oficina, mesmo sem sinal.',
        lang: 'pt-BR',
        start_url: '/adm/dashboard',
        scope: '/',
        display: 'standalone',
        background_color: '#0f172a',
        theme_color: '#1e3a8a',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,ico}'],
        // The public pages' own build (publicPagesBuild): never asked for on a staff device.
        globIgnores: ['**/node_modules/**/*', 'public.html', 'assets/site-*'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  // The server's renderer takes only the icons it draws: the whole icon package takes Node ~150 ms to load.
  ssr: { noExternal: ['lucide-react'] },
  // The manifest tells the server which chunks each public page needs (sync-server/src/http/page-preloads.ts).
  build: isSsrBuild ? { target: 'node20', sourcemap: false, copyPublicDir: false } : { target: 'es2022', sourcemap: false, manifest: true },
}));
