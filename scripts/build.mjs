// `npm run build`: every part of scripts/build-parts.mjs, or those named (node, page, electron),
// each recorded with the hash of the sources it was built from.
import { spawnSync } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import { forgetStamps, PARTS, recordStamps, ROOT, sourcesHash } from './build-parts.mjs'

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

/**
 * Builds the parts, each recorded as it is done: a build stopped or failed half-way leaves the
 * unfinished parts with no stamp, so the next start builds them again.
 */
export async function buildParts(parts) {
  const hashes = Object.fromEntries(parts.map((part) => [part, sourcesHash(part)]))
  forgetStamps(parts)
  runNode('scripts/compile-shared-catalogs.mjs', ['--check'])
  if (parts.includes('electron')) {
    await buildVite(['main', 'preload'])
    recordStamps({ electron: hashes.electron })
  }
  if (parts.includes('page')) {
    await buildVite(['renderer'])
    recordStamps({ page: hashes.page })
  }
  if (parts.includes('node')) {
    runNode('scripts/build-node.mjs')
    recordStamps({ node: hashes.node })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // `--forget PART...`: for what writes a part's output without this script (`npm run dev`).
  const forget = process.argv[2] === '--forget'
  const named = process.argv.slice(forget ? 3 : 2)
  const unknown = named.filter((part) => !(part in PARTS))
  if (unknown.length > 0) {
    process.stderr.write(
      `Unknown part ${unknown.join(', ')}: the parts are ${Object.keys(PARTS).join(', ')}.\n`,
    )
    process.exit(2)
  }
  if (forget) forgetStamps(named)
  else await buildParts(named.length > 0 ? named : Object.keys(PARTS))
}
