// The member site's lint (ADR 43): TypeScript's recommended rules, React's rules of hooks and the feature boundaries.
// The root config leaves this folder to this file; `npm run lint -w web-member` runs it (so does CI).
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = fs
  .readdirSync(path.join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const viaEntry =
  'Another feature is used through its public entry only: `@/features/<name>` (its index.ts). What two features ' +
  'share belongs in components/, hooks/ or lib/ (ADR 43).';

/** An import of a file inside a feature other than `own` (every feature when `own` is null). */
const intoFeature = (own) => (own ? `^@/features/(?!${own}/)[^/]+/` : '^@/features/[^/]+/');

/**
 * `src/features/<name>/**` uses another feature only through `@/features/<other>`: never a file inside it, by alias
 * or by a relative path that climbs out of the feature (from the feature's root, `../`; from its folders, `../../`;
 * a feature's own deeper files use `@/features/<name>/…`). `import()` is held to the same rule.
 */
const featureBoundaries = features.flatMap((feature) =>
  [
    [`src/features/${feature}/*.{ts,tsx}`, '^\\.\\./'],
    [`src/features/${feature}/*/**/*.{ts,tsx}`, '^\\.\\./\\.\\./'],
  ].map(([files, climbsOut]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: intoFeature(feature), message: viaEntry },
            { regex: climbsOut, message: viaEntry },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `ImportExpression[source.value=/${intoFeature(feature).replaceAll('/', '\\/')}/]`,
          message: viaEntry,
        },
      ],
    },
  })),
);

/**
 * The shared folders (components, hooks, lib, stores) use a feature only through its public entry too; their tests
 * may take a feature's fixtures (`@/features/<name>/testing/…`).
 */
const sharedBoundaries = {
  files: ['src/{components,hooks,lib,stores}/**/*.{ts,tsx}'],
  ignores: ['**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ regex: intoFeature(null), message: viaEntry }] }],
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // This folder's tsconfig, also when ESLint runs from the repository's root (which finds this file for these files).
  { languageOptions: { parserOptions: { tsconfigRootDir: import.meta.dirname } } },
  {
    // The rules of hooks. The plugin's React Compiler checks (refs read in render, setState in an effect, ...) are
    // left off: the site is not compiled by React Compiler, and ADR 43 lists what they report.
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...featureBoundaries,
  sharedBoundaries,
);
