import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { OutputAsset } from 'rolldown';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const backend = 'http://127.0.0.1:3000';
const proxied = ['/api', '/baseInfo', '/refreshToken', '/statistic'];
const isLibrary = (id: string) => /[\\/]node_modules[\\/]/.test(id);
/** TipTap / ProseMirror and their own dependencies: only the topic editor screens load them. */
const editorLibrary =
  /[\\/]node_modules[\\/](@tiptap|prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs|fast-equals|use-sync-external-store|@floating-ui|@popperjs|tippy\.js|markdown-it|linkify-it|mdurl|uc\.micro|punycode\.js|entities)[\\/]/;

/**
 * react-markdown and the unified/micromark stack it renders with: only the assistant's answers use them, so they
 * load with the assistant. (In the vendor group they would load on every first visit: a group takes a library
 * whether or not the initial page imports it.)
 */
const markdownLibrary =
  /[\\/]node_modules[\\/](react-markdown|unified|bail|is-plain-obj|trough|vfile[a-z-]*|unist-[a-z-]+|mdast-[a-z-]+|hast-[a-z-]+|hastscript|micromark[a-z-]*|decode-named-character-reference|character-entities[a-z-]*|property-information|space-separated-tokens|comma-separated-tokens|html-url-attributes|style-to-js|style-to-object|inline-style-parser|estree-util-[a-z-]+|zwitch|longest-streak|ccount|devlop|trim-lines|extend|@ungap[\\/]structured-clone|remark-[a-z-]+|web-namespaces)[\\/]/;

/**
 * The member site's one stylesheet goes inside `index.html` (ADR 37): a first visit paints the server-rendered
 * page as soon as its HTML arrives, instead of after a second round trip for CSS that queues behind the scripts
 * on a slow phone link. The file itself is dropped from the build (nothing links it).
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'forum:inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*?href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
          const asset = bundle[file] as OutputAsset | undefined;
          if (!asset || asset.type !== 'asset') return link;
          const css = String(asset.source);
          if (/<\/style/i.test(css)) return link;
          delete bundle[file];
          return `<style>${css}</style>`;
        });
      },
    },
  };
}

/**
 * A feature's public entry (`src/features/<name>/index.ts`, ADR 43) only re-exports: marked free of side effects, a
 * page that takes one export from it loads that export's module alone, not every module the entry names (the
 * wallet's entry names both the topic page's envelope card and the editor's envelope fields).
 */
const featureEntry = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

const clientBuild = {
  outDir: 'dist',
  emptyOutDir: true,
  // The server renderer links a page's route CSS and module preloads from it.
  manifest: true,
  // One stylesheet for every screen (about 7 KB gzip), inlined into index.html by `inlineStylesheet`.
  cssCodeSplit: false,
  reportCompressedSize: true,
  target: 'es2022',
  rolldownOptions: {
    treeshake: { moduleSideEffects: (id: string) => !featureEntry.test(id) },
    // Libraries in one long-cached chunk; app code stays beside it. The topic editor (TipTap/ProseMirror) is
    // its own chunk, loaded only by /addTopic and /user/editTopic.
    output: {
      codeSplitting: {
        groups: [
          {
            name: 'vendor',
            test: (id: string) => isLibrary(id) && !editorLibrary.test(id) && !markdownLibrary.test(id),
            priority: 20,
          },
          { name: 'editor', test: editorLibrary, priority: 10 },
          { name: 'markdown', test: markdownLibrary, priority: 10 },
        ],
      },
    },
  },
};

/** The server renderer: one file (lazy routes inlined), CommonJS (`.cjs`: this package is `type: module`). */
const serverBuild = {
  outDir: 'dist-server',
  emptyOutDir: true,
  target: 'node24',
  minify: false,
  copyPublicDir: false,
  rolldownOptions: {
    input: 'src/entry-server.tsx',
    output: { format: 'cjs' as const, entryFileNames: '[name].cjs', codeSplitting: false },
  },
};

/**
 * `vite build` makes the browser's build (`dist/`, with `.vite/manifest.json` for the server's route links);
 * `vite build --ssr` the server renderer (`dist-server/entry-server.cjs`, ADR 34): one CommonJS file with every
 * library bundled in, which the all-in-one's web shell loads with Node's own `require`.
 */
export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
  plugins: [react(), inlineStylesheet()],
  resolve: {
    alias: {
      '@contracts/errors': fileURLToPath(new URL('../libs/contracts/src/errors', import.meta.url)),
      // Money (fen ⇄ yuan, the currency sign) as the server writes it: one pure file, no zod.
      '@contracts/wallet/money': fileURLToPath(new URL('../libs/contracts/src/wallet/money.ts', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend, changeOrigin: false }])),
  },
  ssr: { noExternal: true, target: 'node' },
  // Bundled libraries read NODE_ENV at run time: the server renderer is built with React's production code.
  ...(isSsrBuild && { define: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  build: isSsrBuild ? serverBuild : clientBuild,
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    include: ['src/**/*.test.{ts,tsx}'],
    // Screens that load the lazy TipTap editor chunk took over the default 5 s on a busy 2-core machine.
    testTimeout: 30_000,
  },
}));
