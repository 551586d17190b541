import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Every text asset also as .br and .gz beside it: the server sends the
// precompressed file the browser accepts (serveStatic `precompressed`), so no
// request pays for compression and the bundle budget is what goes over the wire.
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'daicho-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (file.startsWith('.vite/') || !/\.(js|css|svg|json|wasm|html)$/.test(file)) continue;
        const full = path.join(outDir, file);
        const data = fs.readFileSync(full);
        if (data.length < 1024) continue;
        // Best compression, except where it would slow the build for little gain.
        fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: data.length > 512 * 1024 ? 6 : 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
      }
    },
  };
}

// The console. `npm start` builds it into dist/ and the API server serves it
// on the same port; `npm run dev:web` proxies /v2 and /v3 to a running server.
export default defineConfig({
  plugins: [react(), precompress()],
  // amazon-cognito-identity-js (through its buffer dependency) reads `global`.
  define: { global: 'globalThis' },
  build: { outDir: 'dist', sourcemap: true, target: 'es2022', manifest: true },
  server: {
    proxy: {
      '/v2': 'http://127.0.0.1:8080',
      '/v3': 'http://127.0.0.1:8080',
      '/healthz': 'http://127.0.0.1:8080',
    },
  },
});
