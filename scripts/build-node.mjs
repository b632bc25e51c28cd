// Builds what electron-vite does not: the launcher behind `npm start` (with the browser shell)
// and the shell's page bridge, the preload's counterpart injected into the browser page.
import { build } from 'esbuild'

const common = { bundle: true, logLevel: 'warning', legalComments: 'none' }

await Promise.all([
  build({
    ...common,
    entryPoints: { start: 'src-main/launcher/start.ts' },
    outdir: 'out/launcher',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
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
