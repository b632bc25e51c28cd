// `npm start`: builds only what the face it opens runs (the browser shell never runs the Electron
// main bundle), and only when its sources changed since it was built; then opens the console.
import { findElectronBinary } from '../src-main/launcher/electron-binary.ts'
import { launchMode, noDisplayAdvice } from '../src-main/launcher/launch-mode.ts'
import { buildParts } from './build.mjs'
import { isBuilt, PARTS_OF, recordedStamps, ROOT, sourcesHash, staleParts } from './build-parts.mjs'

const args = process.argv.slice(2)
// Said before anything is built: a machine with no display would build, then fail to open.
const noDisplay = args.some((arg) => arg === '--plan' || arg === '--help')
  ? null
  : noDisplayAdvice(process.platform, process.env)
if (noDisplay) {
  process.stderr.write(`${noDisplay}\n`)
  process.exit(1)
}
const mode = launchMode(args, findElectronBinary(ROOT))
const wanted = PARTS_OF[mode]
const current = Object.fromEntries(wanted.map((part) => [part, sourcesHash(part)]))
const stale = staleParts(wanted, recordedStamps(), current, isBuilt)
// `--plan`: what a start would build, and nothing else (for the tests, and the curious).
if (args.includes('--plan')) {
  process.stdout.write(`${JSON.stringify({ opens: mode, builds: stale })}\n`)
  process.exit(0)
}
if (stale.length > 0) {
  process.stdout.write(`Building ${stale.join(' and ')}: changed since the last build.\n`)
  await buildParts(stale)
}
await import('../out/launcher/start.js')
