// What `npm run build` makes, in parts, each with the sources it is made from. `npm start` builds
// a part again only when its sources changed since it was built (a hash of their paths and
// contents, kept in out/build-stamps.json) and only the parts the face it opens runs.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

export const ROOT = join(import.meta.dirname, '..')
// The test of `npm start --plan` points this at a stamps file of its own.
const STAMPS = process.env.INTEGRATOR_BUILD_STAMPS ?? join(ROOT, 'out', 'build-stamps.json')
const SHARED = [
  'src-shared',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'scripts/build.mjs',
  'scripts/build-parts.mjs',
]

/** Each part: the files that show it was built, and what it is made from. */
export const PARTS = {
  // The launcher behind `npm start`, the browser shell's page bridge, the command line.
  node: {
    output: ['out/launcher/start.js', 'out/browser-shell/page-bridge.js', 'out/cli'],
    sources: [...SHARED, 'src-main', 'src-sandbox', 'scripts/build-node.mjs'],
  },
  page: {
    output: ['out/renderer/index.html'],
    sources: [
      ...SHARED,
      'src-renderer',
      'src-main/core/page/content-security-policy.ts',
      'electron.vite.config.ts',
      'lingui.config.ts',
      'tsconfig.web.json',
    ],
  },
  // The Electron main process and its preload: only the window runs them.
  electron: {
    output: ['out/main/index.js', 'out/preload/index.cjs'],
    sources: [
      ...SHARED,
      'src-main',
      'src-sandbox',
      'electron.vite.config.ts',
      'tsconfig.node.json',
    ],
  },
}

/** The parts each face runs. */
export const PARTS_OF = { window: ['node', 'page', 'electron'], 'browser shell': ['node', 'page'] }

/**
 * The parts to build: those wanted whose output is missing or whose sources are not what they
 * were built from. `recorded` and `current` map a part to its sources' hash.
 */
export function staleParts(wanted, recorded, current, built) {
  return wanted.filter((part) => !built(part) || recorded[part] !== current[part])
}

function filesUnder(path) {
  const full = join(ROOT, path)
  if (!existsSync(full)) return []
  if (!statSync(full).isDirectory()) return [path]
  return (
    readdirSync(full, { withFileTypes: true, recursive: true })
      // A test is never built into the app: changing one rebuilds nothing.
      .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
  )
}

export function sourcesHash(part) {
  const hash = createHash('sha256')
  const files = new Set(PARTS[part].sources.flatMap(filesUnder))
  for (const file of [...files].sort()) {
    hash.update(`${file}\0`)
    hash.update(readFileSync(join(ROOT, file)))
  }
  return hash.digest('hex')
}

export const isBuilt = (part) => PARTS[part].output.every((path) => existsSync(join(ROOT, path)))

export function recordedStamps() {
  try {
    return JSON.parse(readFileSync(STAMPS, 'utf8'))
  } catch {
    return {}
  }
}

function writeStamps(stamps) {
  mkdirSync(dirname(STAMPS), { recursive: true })
  writeFileSync(STAMPS, `${JSON.stringify(stamps, null, 2)}\n`)
}

export function recordStamps(stamps) {
  writeStamps({ ...recordedStamps(), ...stamps })
}

/** Parts whose output is being replaced: until a build records them again, none is current. */
export function forgetStamps(parts) {
  writeStamps(
    Object.fromEntries(Object.entries(recordedStamps()).filter(([part]) => !parts.includes(part))),
  )
}
