// ESLint for the whole tree: the recommended JavaScript and typescript-eslint rules (syntax-only, so the
// lint stays fast: `tsc` already type-checks both projects), React's rules of hooks for the web client, and
// nothing about layout, which Prettier decides (eslint-config-prettier turns those rules off).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'web/dist/', 'src/generated/', 'clients/', '.tap/', '.data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks a value kept on purpose (a destructured field dropped, a parameter an interface needs).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], languageOptions: { globals: { ...globals.node } } },
  { files: ['src/http/graphiql/*.js'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Tests, benches and scripts read JSON answers whose shape the assertions themselves check; typing each
    // answer first would add noise, not safety. The service and the web client's own code stay without `any`.
    files: ['test/**', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
