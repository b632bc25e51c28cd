// Builds what electron-vite does not: the launcher behind `npm start` (with the browser shell),
// the shell's page bridge (the preload's counterpart injected into the browser page) and the
// `integrator-console` command, one file so that it starts fast.
import { chmodSync, rmSync } from 'node:fs'
import { build } from 'esbuild'

const common = { bundle: true, logLevel: 'warning', legalComments: 'none' }
// Dependencies are bundled (one file to read instead of hundreds to resolve: zod alone is a
// hundred modules), except native modules, Playwright and Electron.
const nodeDependencies = {
  external: ['libsql', '@napi-rs/keyring', 'playwright-core', 'electron'],
  banner: {
    js: [
      // Bundled CommonJS dependencies (commander, proper-lockfile) still call require.
      "import { createRequire as __createRequire } from 'node:module';",
      'const require = __createRequire(import.meta.url);',
    ].join('\n'),
  },
}

// Chunk names change with their content: old ones must not pile up beside the new.
rmSync('out/cli', { recursive: true, force: true })
rmSync('out/launcher', { recursive: true, force: true })

await Promise.all([
  // The launcher turns the compile cache on, then loads the rest; the browser shell loads the
  // core while the browser starts. Its chunks stay beside it: the launcher finds the app's other
  // parts from its own folder.
  build({
    ...common,
    entryPoints: { start: 'src-main/launcher/start.ts' },
    outdir: 'out/launcher',
    chunkNames: '[name]-[hash]',
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    ...nodeDependencies,
  }),
  // Each command's heavier parts are split into chunks loaded when it needs them.
  build({
    ...common,
    entryPoints: { 'integrator-console': 'src-main/cli/entry.ts' },
    outdir: 'out/cli',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    ...nodeDependencies,
    banner: { js: `#!/usr/bin/env node\n${nodeDependencies.banner.js}` },
  }),
  // The Node API (`import { startSandbox } from 'integrator-console'`) and its Playwright fixture
  // (`integrator-console/playwright`, its global setup), sharing their chunks, with nothing of the command line's.
  // The suite's own @playwright/test is the one the fixture extends.
  build({
    ...common,
    entryPoints: {
      api: 'src-main/api/index.ts',
      playwright: 'src-main/api/playwright.ts',
      'global-setup': 'src-main/api/global-setup.ts',
    },
    outdir: 'out/cli',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'api-chunks/[name]-[hash]',
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    ...nodeDependencies,
    external: [...nodeDependencies.external, '@playwright/test'],
  }),
  // The contract's formats for another team's validator, as the package exports them: a module
  // of its own, with nothing of the command line's.
  build({
    ...common,
    entryPoints: { 'contract-formats': 'src-sandbox/openapi/contract-formats.ts' },
    outdir: 'out/cli',
    outExtension: { '.js': '.mjs' },
    platform: 'node',
    format: 'esm',
    target: 'node24',
  }),
  build({
    ...common,
    entryPoints: { 'page-bridge': 'src-main/browser-shell/page-bridge.ts' },
    outdir: 'out/browser-shell',
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
  }),
])

// The package's bin: npx and npm link run it directly, so it must be executable.
chmodSync('out/cli/integrator-console.mjs', 0o755)
