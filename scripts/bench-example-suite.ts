// `npm run bench`, the Playwright example (examples/playwright, 30 tests on 4 workers) with the
// package's fixture, beside the same suite with the sandbox steps stubbed: the same test files,
// the same app, the same Playwright, but `integrator-console` swapped for an in-process stand-in
// (scripts/bench-example-stub.ts: users in a Map, ES256 JWTs signed in the worker, a bare
// node:http Retrieve and JWKS for the app). Each side is a folder of its own whose node_modules
// holds the package as an install would (the built out/cli copied in, never this checkout's
// sources), the rest linked to this checkout's. The two sides alternate, so that a busy moment
// weighs on both; wall and CPU of the whole run (the runner and its workers), median of the runs.
// BENCH_SMOKE=1: a handful of the tests on one worker, once each side.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { medianCost, ratioLine, sized, SMOKE, timedProcess, type Cost } from './bench-process'

const RUNS = sized(5, 1)
// A sign-in through the app, a refused session, a file of users and the reset between tests.
const SMOKE_TESTS = 'lucia@|no access|from a file|one test after another'
const PLAYWRIGHT = resolve('node_modules/@playwright/test/cli.js')

const work = mkdtempSync(join(tmpdir(), 'ic-bench-example-'))

/** A folder of the example's files whose `integrator-console` is what `fill` puts there. */
function suite(name: string, fill: (packageFolder: string) => void): string {
  const folder = join(work, name)
  cpSync('examples/playwright', folder, { recursive: true })
  const modules = join(folder, 'node_modules')
  mkdirSync(join(modules, '@playwright'), { recursive: true })
  mkdirSync(join(modules, '@napi-rs'), { recursive: true })
  for (const linked of ['@playwright/test', 'jose', 'libsql', '@napi-rs/keyring'])
    symlinkSync(resolve('node_modules', linked), join(modules, linked))
  fill(join(modules, 'integrator-console'))
  return folder
}

/** An installed package's manifest: the three entry points the example uses. */
function manifest(folder: string, entries: Record<string, string>): void {
  mkdirSync(folder, { recursive: true })
  const exports = Object.fromEntries(Object.entries(entries).map(([key, to]) => [key, `./${to}`]))
  const text = { name: 'integrator-console', version: '0.0.0', type: 'module', exports }
  writeFileSync(join(folder, 'package.json'), JSON.stringify(text))
}

const withFixture = suite('fixture', (folder) => {
  manifest(folder, {
    '.': 'cli/api.mjs',
    './playwright': 'cli/playwright.mjs',
    './global-setup': 'cli/global-setup.mjs',
  })
  cpSync('out/cli', join(folder, 'cli'), { recursive: true })
})
const stubbed = suite('stubbed', (folder) => {
  manifest(folder, { '.': 'stub.mjs', './playwright': 'stub.mjs', './global-setup': 'setup.mjs' })
  cpSync('out/bench/bench-example-stub.mjs', join(folder, 'stub.mjs'))
  writeFileSync(join(folder, 'setup.mjs'), 'export default function globalSetup() {}\n')
})

const temporary = join(work, 'tmp')
mkdirSync(temporary)
const env = { ...process.env, TMPDIR: temporary }

/** One `playwright test` in a suite's folder, from its start to its last worker's exit. */
function run(folder: string): Cost {
  const only = SMOKE ? ['--grep', SMOKE_TESTS, '--workers', '1'] : []
  const args = ['test', '--reporter=dot', '--output', join(folder, 'results'), ...only]
  // The suite's folder is set by a cd first; its report goes where a failure's message is read.
  const inFolder = 'cd "$0" && exec node "$@" >&2'
  return timedProcess('bash', ['-c', inFolder, folder, PLAYWRIGHT, ...args], env)
}

try {
  // Each side once before the timed runs: Playwright's transform cache is warm for both.
  if (!SMOKE) for (const folder of [withFixture, stubbed]) run(folder)
  const fixture: Cost[] = []
  const baseline: Cost[] = []
  for (let round = 0; round < RUNS; round += 1) {
    fixture.push(run(withFixture))
    baseline.push(run(stubbed))
  }
  const tests = SMOKE ? 'a handful of tests, 1 worker' : '30 tests, 4 workers'
  process.stdout.write(
    `example suite (examples/playwright, ${tests}), median of ${RUNS} alternated runs:\n` +
      ratioLine(
        'with the fixture vs the sandbox steps stubbed',
        medianCost(fixture),
        medianCost(baseline),
        1.1,
      ),
  )
} finally {
  rmSync(work, { recursive: true, force: true })
}
