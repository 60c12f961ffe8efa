import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    // `npm run dev -w ui` against a running `npm start` on 8080.
    proxy: { '/api': 'http://127.0.0.1:8080', '/socket.io': { target: 'http://127.0.0.1:8080', ws: true } },
  },
  // The one large chunk is AG Grid, loaded only by the staff board; the vendor's first page stays ~210 kB gzip.
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 800 },
});
