import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const backend = 'http://127.0.0.1:3000';
const proxied = ['/api', '/baseInfo', '/refreshToken', '/statistic'];

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: {
    // The settings document's schema (and other contracts) shared with the server, read from source.
    alias: { '@contracts': fileURLToPath(new URL('../libs/contracts/src', import.meta.url)) },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Libraries change far less often than the console: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 3,
            },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs|stylis)/, priority: 2 },
            { name: 'react-admin', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    restoreMocks: true,
    include: ['src/**/*.spec.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // The settings editor renders every setting of the schema (well over a hundred fields): in jsdom on a busy
    // 2-core CI machine that alone outlasts the default 5 s.
    testTimeout: 30_000,
  },
});
