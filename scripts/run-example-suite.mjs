// The Playwright example of docs/playwright-example.md, run as an integrator's suite runs it: its
// files copied into an empty folder outside this repository, the package installed there from the
// tarball `npm pack` makes (never this checkout's node_modules), then `npx playwright test` in
// that folder, twice at once (each worker's sandbox and app take ports of their own). Afterwards
// nothing of either run may remain: no process of theirs, no client's folder in the system's
// temporary folder. `--runs N` (default 1; `npm test` runs it once) repeats the pair N times in a
// row, stopping at the first failed round, and checks for leftovers after the last.
import { execFileSync, spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

const ROOT = join(import.meta.dirname, '..')
const { values: given } = parseArgs({ options: { runs: { type: 'string', default: '1' } } })
const rounds = Number(given.runs)
if (!Number.isInteger(rounds) || rounds < 1)
  throw new Error(`--runs ${given.runs}: give a whole number from 1`)
const work = mkdtempSync(join(tmpdir(), 'ic-example-suite-'))
const suite = join(work, 'suite')
const inherit = { stdio: 'inherit' }
const quietNpm = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error']
// The runs' own temporary folder: whatever they leave in it is theirs, whatever else runs here.
const temporary = join(work, 'tmp')

/** One `npx playwright test`, its own results folder; settles with its exit code. */
function runSuite(name) {
  const child = spawn('npx', ['playwright', 'test', '--output', join(work, name)], {
    cwd: suite,
    env: { ...process.env, TMPDIR: temporary },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  return new Promise((done) => {
    child.once('error', (error) => done({ name, code: error.message }))
    child.once('exit', (code) => done({ name, code }))
  })
}

/** Processes still running whose command line names the suite's folder. */
function leftOver() {
  const listed = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
  return listed.split('\n').filter((line) => line.includes(suite) && !line.includes('ps -eo'))
}

try {
  execFileSync('node', ['scripts/build-cli-package.mjs'], { cwd: ROOT, ...inherit })
  const packed = execFileSync(
    'npm',
    ['pack', './out/package', '--pack-destination', work, '--json'],
    { cwd: ROOT, encoding: 'utf8' },
  )
  const tarball = join(work, JSON.parse(packed)[0].filename)
  cpSync(join(ROOT, 'examples', 'playwright'), suite, { recursive: true })
  // The package is not on the registry yet: its tarball stands in for the published version.
  execFileSync('npm', ['install', '-D', tarball, ...quietNpm], { cwd: suite, ...inherit })
  mkdirSync(temporary)
  const problems = []
  for (let round = 1; round <= rounds && problems.length === 0; round += 1) {
    const of = rounds > 1 ? ` of round ${round}` : ''
    if (rounds > 1) console.log(`example suite: round ${round} of ${rounds}`)
    const runs = await Promise.all([runSuite('first'), runSuite('second')])
    for (const run of runs)
      if (run.code !== 0) problems.push(`the ${run.name} run${of} failed (exit ${run.code})`)
  }
  // npm's and Playwright's own caches are theirs, kept on purpose between runs.
  const left = readdirSync(temporary).filter(
    (name) => name !== 'node-compile-cache' && !name.startsWith('playwright-transform-cache'),
  )
  if (left.length > 0) problems.push(`left in the temporary folder: ${left.join(', ')}`)
  const processes = leftOver()
  if (processes.length > 0) problems.push(`still running:\n${processes.join('\n')}`)
  for (const problem of problems) console.error(`example suite: ${problem}`)
  if (problems.length > 0) process.exitCode = 1
} catch (error) {
  console.error(`example suite: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = typeof error?.status === 'number' ? error.status || 1 : 1
} finally {
  rmSync(work, { recursive: true, force: true })
}
