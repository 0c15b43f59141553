// The console's lint (ADR 43): TypeScript's recommended rules and React's rules of hooks. The repository's root
// config leaves this folder to this file; `npm run lint -w web-admin` runs it (so does CI).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // This folder's tsconfig, also when ESLint runs from the repository's root (which finds this file for these files).
  { languageOptions: { parserOptions: { tsconfigRootDir: import.meta.dirname } } },
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
