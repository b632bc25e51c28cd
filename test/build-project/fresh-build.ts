// The `build` project's global setup: before any of its tests reads out/, the parts they read must
// be built from the sources as they are now (the stamps `npm run build` records), or the run stops
// on one line that says what to build. Vitest runs it only when the run holds a build test.
import { relative } from 'node:path'
import type { TestProject } from 'vitest/node'
import {
  isBuilt,
  PARTS,
  recordedStamps,
  sourcesHash,
  type Part,
} from '../../scripts/build-parts.mjs'
import { partsRead, staleBuildLine } from './built-tests'

export default function checkBuildIsFresh(project: TestProject): void {
  // The files this run selected: a global setup sees them only through the (experimental) state.
  const selected = project.vitest.state
    .getPaths()
    .map((file) => relative(project.config.root, file).replaceAll('\\', '/'))
  const read = partsRead(selected)
  // None found means the selection could not be read, not that no build test runs: check it all.
  const wanted = read.length > 0 ? read : (Object.keys(PARTS) as Part[])
  const current = Object.fromEntries(wanted.map((part) => [part, sourcesHash(part)]))
  const line = staleBuildLine(wanted, recordedStamps(), current, isBuilt)
  if (line === undefined) return
  process.stderr.write(`${line}\n`)
  // Not thrown: Vitest would add "No test files found" and a stack trace to the one line that
  // matters. The other projects stop too: a stale build is seen at once, not after the suite.
  process.exit(1)
}
