import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const backend = 'http://127.0.0.1:8080';
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/** Brotli and gzip copies of every built text file beside it, for the server to send by Accept-Encoding. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'nexa-admin-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const body = readFileSync(file);
        const br = brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        });
        const gz = gzipSync(body, { level: 9 });
        if (br.length < body.length) writeFileSync(`${file}.br`, br);
        if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
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
    chunkSizeWarningLimit: 1500,
  },
});
