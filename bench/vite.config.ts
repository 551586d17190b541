// Bench-only pages (bench/pages/*.html): the real DataGrid and palette beside
// AG Grid Community and a plain table. Built into a temporary directory by
// bench/lib/browser-harness.ts, never by the product's `npm run build`, so
// nothing here reaches the console's bundle.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
export const BENCH_PAGES_OUT = process.env.BENCH_PAGES_OUT ?? path.join(os.tmpdir(), 'daicho-bench-pages');

export default defineConfig({
  root: path.join(here, 'pages'),
  base: './',
  plugins: [react()],
  define: { global: 'globalThis' },
  logLevel: 'warn',
  build: {
    outDir: BENCH_PAGES_OUT,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    minify: process.env.BENCH_MINIFY !== '0',
    chunkSizeWarningLimit: 5000,
    rollupOptions: { input: { grid: path.join(here, 'pages/grid.html'), palette: path.join(here, 'pages/palette.html') } },
  },
});
