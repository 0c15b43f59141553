import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Context boundaries (ADR 0042): a file under services/<context>/ — source, specs and fixtures alike — imports no
// other service; what one context needs from another goes through libs/contracts (events, typed peer commands),
// and what a spec needs from another context through @forum/testing. services/all-in-one is the composition root
// and may import every service; libs/testing/src/contexts.ts is the tests' one, the only file under libs/ that
// names a service. Static imports, `export … from`, `import()` and `import('…')` types are all checked.
const SERVICES = ['forum', 'identity', 'wallet', 'qa', 'messaging', 'moderation', 'search', 'assistant', 'all-in-one'];
const CONTEXTS = SERVICES.filter((service) => service !== 'all-in-one');
const boundary = (forbidden, message) => {
  const regex = forbidden.source;
  // A selector's regex may hold no slash, even escaped (esquery): \x2F stands for it.
  const inSelector = regex.replaceAll('\\/', '/').replaceAll('/', '\\x2F');
  return {
    'no-restricted-imports': ['error', { patterns: [{ regex, message }] }],
    'no-restricted-syntax': [
      'error',
      { selector: `ImportExpression[source.value=/${inSelector}/]`, message },
      { selector: `TSImportType[argument.literal.value=/${inSelector}/]`, message },
    ],
  };
};
const contextBoundaries = CONTEXTS.map((context) => ({
  files: [`services/${context}/**/*.ts`],
  rules: boundary(
    new RegExp(`^(\\.\\./)+(${SERVICES.filter((other) => other !== context).join('|')})/`),
    `services/${context} may not import another service: use libs/contracts (events, peer commands) or, in tests, @forum/testing (ADR 0042).`,
  ),
}));
const libraryBoundary = {
  files: ['libs/**/*.ts'],
  ignores: ['libs/testing/src/contexts.ts'],
  rules: boundary(
    /(^|\/)services\//,
    "libs/ may not import a service (only libs/testing/src/contexts.ts, the tests' composition root: ADR 0042).",
  ),
};

export default tseslint.config(
  {
    ignores: [
      '.bench-dist/**',
      '.bench-dist2/**',
      'dist/**',
      'node_modules/**',
      'web-member/**',
      'web-admin/**',
      '.cache/**',
      'coverage/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-console': 'off',
    },
  },
  ...contextBoundaries,
  libraryBoundary,
);
