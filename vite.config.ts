import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console. `npm start` builds it into dist/ and the API server serves it
// on the same port; `npm run dev:web` proxies /v2 and /v3 to a running server.
export default defineConfig({
  plugins: [react()],
  // amazon-cognito-identity-js (through its buffer dependency) reads `global`.
  define: { global: 'globalThis' },
  build: { outDir: 'dist', sourcemap: true, target: 'es2022' },
  server: {
    proxy: {
      '/v2': 'http://127.0.0.1:8080',
      '/v3': 'http://127.0.0.1:8080',
      '/healthz': 'http://127.0.0.1:8080',
    },
  },
});
