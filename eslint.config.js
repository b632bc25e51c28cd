import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import vitest from '@vitest/eslint-plugin'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import testingLibrary from 'eslint-plugin-testing-library'
import checkFile from 'eslint-plugin-check-file'
import { processBoundaries } from './eslint/boundaries.js'

const RENDERER = 'src-renderer/src'
const features = readdirSync(join(import.meta.dirname, RENDERER, 'features'), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/**
 * Inside the renderer, the lines run between features: a feature reaches only the shared layers
 * (components, lib, i18n) and never another feature or the app shell that composes them, and the
 * shared layers reach neither. These are checked on the resolved path, however it is written.
 */
const rendererZones = [
  ...features.map((feature) => ({
    target: `${RENDERER}/features/${feature}`,
    from: `${RENDERER}/features`,
    except: [`./${feature}`],
    message: 'a feature imports no other feature: what both need belongs in lib/ or components/',
  })),
  {
    target: `${RENDERER}/features`,
    from: `${RENDERER}/app`,
    message: 'the app shell composes the features: a feature never imports it',
  },
  {
    target: [`${RENDERER}/components`, `${RENDERER}/lib`, `${RENDERER}/i18n`],
    from: [`${RENDERER}/features`, `${RENDERER}/app`],
    message: 'the shared layers serve the features and the app shell, never the other way round',
  },
]

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'e2e-artifacts/**',
      '.tools/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src-renderer/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Focus moves only into a confirmation the user has just opened (WAI-ARIA's dialog
      // pattern), never on a page's load: what the rule guards against does not happen here.
      'jsx-a11y/no-autofocus': 'off',
    },
  },
  {
    // One spelling for every file and folder name, so a path can be typed without looking.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  // What each process folder may import: eslint/boundaries.js.
  ...processBoundaries,
  {
    files: ['src-*/**'],
    plugins: { 'import-x': importX },
    settings: {
      // Which files the rules read to follow imports (the default is .js alone).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
  },
  {
    files: ['src-*/**'],
    // Nothing imports a test, so no test is on a cycle: not following their imports saves time.
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      // A cycle makes load order decide what a module sees; type-only imports are exempt.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${RENDERER}/**`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...rendererZones,
            {
              target: `${RENDERER}`,
              from: `${RENDERER}/test`,
              message: "the component tests' fake bridge and helpers stay out of the page",
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${RENDERER}/**/*.test.tsx`, `${RENDERER}/test/**`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: rendererZones },
      ],
    },
  },
  {
    // Loading node:http as an ES module evaluates all its exports, a whole fetch implementation
    // among them: the core takes it, node:https and node:zlib through lazy-builtins.ts, so that a
    // command-line start pays only for what its call uses.
    files: ['src-main/core/**/*.ts'],
    ignores: ['src-main/core/network/lazy-builtins.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['node:http', 'node:https', 'node:zlib', 'http', 'https', 'zlib'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'take it from src-main/core/network/lazy-builtins.ts, when first needed',
          })),
        },
      ],
    },
  },
  {
    // Raw IPC stays in the three files generated from the contract.
    files: ['src-main/**/*.ts'],
    ignores: [
      'src-main/index.ts',
      'src-main/ipc-main.ts',
      'src-main/preload/**',
      'src-main/core/**',
      'src-main/browser-shell/**',
      'src-main/launcher/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              importNames: ['ipcMain', 'ipcRenderer'],
              message:
                'IPC is registered from the contract in ipc-main.ts and preload/index.ts only',
            },
          ],
        },
      ],
    },
  },
  {
    // A focused test (it.only) would pass the run with the rest skipped.
    files: ['**/*.test.{ts,tsx}', 'test/**'],
    ...vitest.configs.recommended,
    rules: {
      ...vitest.configs.recommended.rules,
      // expect(value, message): Vitest's second argument says what failed.
      'vitest/valid-expect': ['error', { maxArgs: 2 }],
      // Helpers that assert (expectNoSecret), property runs and waits that fail on timeout.
      'vitest/expect-expect': [
        'error',
        { assertFunctionNames: ['expect', 'expect*', 'fc.assert', 'until'] },
      ],
      // Asserting helpers and table-driven cases are the house style: a helper's expect runs in
      // the test that calls it, and a row checks what it holds (a TLS finding, or none).
      'vitest/no-standalone-expect': 'off',
      'vitest/no-conditional-expect': 'off',
    },
  },
  {
    files: ['src-renderer/**/*.test.tsx'],
    ...testingLibrary.configs['flat/react'],
  },
  {
    files: ['**/*.test.{ts,tsx}', 'test/**', 'e2e/**'],
    rules: {
      'no-restricted-imports': 'off',
      // expect.stringContaining() and friends are typed `any` by design.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      // Playwright fixtures without dependencies are written `async ({}, use) => ...`.
      'no-empty-pattern': 'off',
    },
  },
)
