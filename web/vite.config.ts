/**
 * The reference web client's build. `npm run build:web` (run by postinstall) writes web/dist, which the
 * service serves at `/`. For a client hosted elsewhere, set VITE_PORTOLAN_URL to the service's URL
 * (e.g. `VITE_PORTOLAN_URL=https://portolan.example.org npm run build:web`); unset, the client talks to the
 * origin that served it. `base: './'` keeps every asset path relative, so the files work under any path.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1024 },
  server: { port: 5173 },
});
