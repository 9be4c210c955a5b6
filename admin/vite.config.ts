import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import {
  contractIsPure,
  endpointMeta,
  namedFilesWritten,
  noZod,
  precompress,
} from '../scripts/vite-plugins.ts';

const backend = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/admin/',
  plugins: [
    react(),
    // The roles each operator call declares, for the menu and buttons to hide what the operator cannot call.
    endpointMeta((path, e) => (path.startsWith('/admin/') && e.access ? { roles: e.access.roles } : null)),
    contractIsPure(),
    noZod(),
    precompress(),
    namedFilesWritten(),
  ],
  resolve: {
    // The repository root holds a second React for other workspaces; the console must use exactly one.
    dedupe: ['react', 'react-dom'],
  },
  server: {
    // The console's own pages are served here; its calls (POST) and the static files go to the server.
    proxy: {
      '/admin': { target: backend, bypass: (req) => (req.method === 'POST' ? undefined : req.url) },
      '/static': backend,
    },
  },
  build: {
    target: 'es2022',
    // The chunk every screen shares is React DOM and the antd core (about 650 kB, 175 kB brotli), loaded
    // once on a desktop; the limit sits just above it, so that anything more reaching it is reported.
    chunkSizeWarningLimit: 700,
  },
});
