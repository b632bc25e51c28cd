// The tests that read the build (out/), each with the parts of it they read. They run in Vitest's
// `build` project, which first checks those parts were built from the sources as they are now:
// an older build fails them with errors that point anywhere but the build.
import { matchesGlob } from 'node:path'
import { PARTS, staleParts, type Part } from '../../scripts/build-parts.mjs'

export const BUILT_TESTS: Readonly<Record<string, readonly Part[]>> = {
  // The bundled preload, run as the window's sandbox runs it.
  'src-main/preload.test.ts': ['electron'],
  // The CSP the built page carries.
  'src-main/built-page-csp.test.ts': ['page'],
  // The built main process under a stand-in Electron, loading the built page.
  'test/electron-main/*.test.ts': ['electron', 'page'],
  'test/packaging/packed-app.test.ts': ['electron', 'page'],
  // The launcher behind `npm start` and the browser shell's page.
  'test/browser-shell/npm-start.test.ts': ['node', 'page'],
  'test/start-builds-what-changed.test.ts': ['node', 'page'],
  // The built command line (test/helpers/cli-process.ts), and the package made from it.
  'test/cli/*.test.ts': ['node'],
  'test/network/{cli-env-test,system-trust}.test.ts': ['node'],
  'test/packaging/cli-package.test.ts': ['node'],
  // `npm run bench` at a handful of calls: the command line, the Node API, the start, the page.
  'test/bench/bench-smoke.test.ts': ['node', 'page'],
}

export const BUILD_TEST_FILES = Object.keys(BUILT_TESTS)

const ALL_PARTS = Object.keys(PARTS) as Part[]

/** The parts these test files read (paths from the repository's root), in the build's order. */
export function partsRead(files: readonly string[]): Part[] {
  const read = new Set(
    Object.entries(BUILT_TESTS)
      .filter(([glob]) => files.some((file) => matchesGlob(file, glob)))
      .flatMap(([, parts]) => parts),
  )
  return ALL_PARTS.filter((part) => read.has(part))
}

/**
 * The one line a run stops on when a part the tests read is missing or was built from other
 * sources (`recorded` and `current` map a part to its sources' hash), or undefined when all are
 * fresh. It names the parts to build unless that is all of them.
 */
export function staleBuildLine(
  wanted: readonly Part[],
  recorded: Partial<Record<Part, string>>,
  current: Partial<Record<Part, string>>,
  built: (part: Part) => boolean,
): string | undefined {
  const stale = staleParts(wanted, recorded, current, built)
  if (stale.length === 0) return undefined
  const command = stale.length === ALL_PARTS.length ? '' : ` ${stale.join(' ')}`
  return `build is stale: run npm run build${command} (the tests that read out/ need ${stale.join(', ')} built from the sources as they are now)`
}
