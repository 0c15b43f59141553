import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const backend = 'http://127.0.0.1:3000';
const proxied = ['/api', '/baseInfo', '/refreshToken', '/statistic'];

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    alias: {
      '@contracts/errors': fileURLToPath(new URL('../libs/contracts/src/errors', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: true,
    target: 'es2022',
    rolldownOptions: {
      // Libraries in one long-cached chunk; app code stays beside it.
      output: { codeSplitting: { groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/ }] } },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
