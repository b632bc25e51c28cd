// `npm run build`: every part of scripts/build-parts.mjs, or those named (node, page, electron),
// each recorded with the hash of the sources it was built from.
import { spawnSync } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import { PARTS, recordStamps, ROOT, sourcesHash } from './build-parts.mjs'

function runNode(script, args = []) {
  const result = spawnSync(process.execPath, [script, ...args], { cwd: ROOT, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`${script} failed`)
}

/** electron-vite's targets, built one by one through its own configuration. */
async function buildVite(targets) {
  process.env.NODE_ENV_ELECTRON_VITE = 'production'
  const { resolveConfig } = await import('electron-vite')
  const { build } = await import('vite')
  const { config } = await resolveConfig({ root: ROOT }, 'build', 'production')
  for (const target of targets) await build(config[target])
}

export async function buildParts(parts) {
  const hashes = Object.fromEntries(parts.map((part) => [part, sourcesHash(part)]))
  runNode('scripts/compile-shared-catalogs.mjs', ['--check'])
  const viteTargets = [
    ...(parts.includes('electron') ? ['main', 'preload'] : []),
    ...(parts.includes('page') ? ['renderer'] : []),
  ]
  if (viteTargets.length > 0) await buildVite(viteTargets)
  if (parts.includes('node')) runNode('scripts/build-node.mjs')
  recordStamps(hashes)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const named = process.argv.slice(2)
  const unknown = named.filter((part) => !(part in PARTS))
  if (unknown.length > 0) {
    process.stderr.write(
      `Unknown part ${unknown.join(', ')}: the parts are ${Object.keys(PARTS).join(', ')}.\n`,
    )
    process.exit(2)
  }
  await buildParts(named.length > 0 ? named : Object.keys(PARTS))
}
