import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'crypto',
  'http',
  'https',
  'child_process',
  'net',
]

/** Where code may run is said by its folder; these rules keep each folder to its kind. */
const boundaries = [
  {
    files: ['src-shared/**'],
    message: 'src-shared is pure TypeScript: no Node, DOM, Electron or React imports',
    patterns: [
      ...nodeBuiltins,
      'electron',
      'react',
      'react-dom',
      '**/src-main/**',
      '**/src-renderer/**',
      '**/src-sandbox/**',
    ],
  },
  {
    files: ['src-main/core/**'],
    message: "src-main/core runs under plain Node: it never imports 'electron' or the renderer",
    patterns: ['electron', '**/src-renderer/**', 'react', 'react-dom'],
  },
  {
    files: ['src-main/browser-shell/**', 'src-main/launcher/**'],
    message:
      "the browser shell and the launcher run under plain Node: no 'electron', no renderer code",
    patterns: ['electron', '**/src-renderer/**', 'react', 'react-dom'],
  },
  {
    files: ['src-main/preload/**'],
    message:
      'the sandboxed preload carries the channel names only: no zod and no schemas (validation lives in main)',
    // The barrel and every schema module are refused; channels and renderer-api are zod-free.
    regex:
      '^zod$|src-shared/ipc(/(index|contract|payloads|result|authenticate-form))?$|src-shared/(service|environments|activity)(/.*)?$',
  },
  {
    files: ['src-sandbox/**'],
    message: 'the sandbox is a standalone service: it knows only src-shared',
    patterns: ['electron', '**/src-main/**', '**/src-renderer/**', 'react', 'react-dom'],
  },
  {
    files: ['src-renderer/**'],
    message: 'the renderer knows only src-shared and its bridge',
    patterns: [...nodeBuiltins, 'electron', '**/src-main/**', '**/src-sandbox/**'],
  },
]

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
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  ...boundaries.map(({ files, message, patterns, regex }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [patterns ? { group: patterns, message } : { regex, message }] },
      ],
    },
  })),
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
    ignores: ['src-main/core/lazy-builtins.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['node:http', 'node:https', 'node:zlib', 'http', 'https', 'zlib'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'take it from src-main/core/lazy-builtins.ts, when first needed',
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
