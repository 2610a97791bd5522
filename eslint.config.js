// One lint setup for the workspace: typescript-eslint everywhere, plus the rules
// of each framework's own plugin where its files live. Runs in `npm test`.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import svelte from 'eslint-plugin-svelte';
import solid from 'eslint-plugin-solid/configs/typescript';
import vue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', 'e2e/.frameworks/**', '**/dist-server/**', 'bench/vendor/**', '**/node_modules/**', '**/.svelte-kit/**', 'e2e/screenshots/**', '.packs/**', 'bench/results/**', 'openapi/.scratch/**', 'openapi/.generated/**', 'e2e/.generated-openapi-*/**', 'e2e/.readme-blocks/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Schemas, endpoint generics and the normalizer handle arbitrary JSON; `any`
      // is allowed there, but every other rule stays on.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Declaration merging of a class and an interface is how endpoints get their call signature.
      '@typescript-eslint/no-unsafe-declaration-merging': 'off',
      // `{}` is the neutral element of the param/body intersections in endpoint types.
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  {
    files: ['adapter-react/**/*.{ts,tsx}', 'e2e/apps/react/**/*.tsx', 'bench/render/react*/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    // The two classic rules; the React Compiler's rules assume the compiler runs,
    // which it does not for this library.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  ...vue.configs['flat/recommended'].map((c) => ({ ...c, files: ['**/*.vue'] })),
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
    rules: {
      // The demo apps keep templates compact; formatting is not lint's job here.
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/multi-word-component-names': 'off',
    },
  },
  {
    // Not adapter-solid's tests: they read accessors outside tracked scopes on purpose, to assert.
    files: ['adapter-solid/src/**/*.ts', 'e2e/consumers-solid/**/*.{ts,tsx}', 'bench/render/solid/**/*.tsx'],
    ...solid,
  },
  ...svelte.configs['flat/recommended'],
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
);
