// `npm test`: every check and every test, in the order a failure is cheapest to read, with a
// closing `N passed, N failed` line so a run is never mistaken for an empty one.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runChecks } from './check-pool.mjs'
import { printFailureDiagnostics, skipReasons } from './playwright-report.mjs'
import { createCostLog } from './run-cost.mjs'

const reportDir = mkdtempSync(join(tmpdir(), 'ic-test-report-'))
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
let passed = 0
let failed = 0
let skipped = 0
const cost = createCostLog()

function run(label, command, args, env = {}) {
  process.stdout.write(`\n▶ ${label}\n`)
  const started = performance.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const ok = result.status === 0
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  process.stdout.write(`${ok ? '✔' : '✘'} ${label} (${seconds} s)\n`)
  return ok
}

function check(label, command, args) {
  if (run(label, command, args)) passed += 1
  else failed += 1
}

function countVitest(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'))
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    }
  } catch {
    return undefined
  }
}

// Before Vitest: its `build` project reads out/, and stops the run if out/ is older than the sources.
const build = {
  label: 'build (electron-vite, launcher, page bridge)',
  command: 'npm',
  args: ['run', 'build', '--silent'],
}
const checks = [
  // The longest first: the others run beside it.
  { label: 'lint (eslint)', command: npx, args: ['eslint', '--max-warnings', '0', '.'] },
  { label: 'format (prettier)', command: npx, args: ['prettier', '--check', '.'] },
  {
    label: 'types (main, sandbox, shared)',
    command: npx,
    args: ['tsc', '-p', 'tsconfig.node.json', '--noEmit'],
  },
  {
    label: 'types (renderer, shared)',
    command: npx,
    args: ['tsc', '-p', 'tsconfig.web.json', '--noEmit'],
  },
  {
    label: 'types (end-to-end)',
    command: npx,
    args: ['tsc', '-p', 'tsconfig.e2e.json', '--noEmit'],
  },
  {
    label: 'catalogs in step with the code, every message translated (lingui check)',
    command: 'npm',
    args: ['run', 'i18n:check', '--silent'],
  },
  build,
]
const endStatic = cost.phase('static checks and build')
const staticChecks = await runChecks(checks, 2)
for (const ok of staticChecks) {
  if (ok) passed += 1
  else failed += 1
}
check('renderer size within budget (gzip)', 'npm', ['run', 'size', '--silent'])
endStatic()

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0
}

// On Linux the keychain tests run against a throwaway GNOME Keyring on a private D-Bus session.
// Elsewhere they are skipped (they would touch the real keychain), and say so.
const vitestReport = join(reportDir, 'vitest.json')
// After a failed build (counted already) the build project would only stop the run on "build is
// stale": the other projects run without it.
const builtOk = staticChecks[checks.indexOf(build)]
const vitestArgs = [
  'vitest',
  'run',
  ...(builtOk ? [] : ['--project', 'node', '--project', 'renderer']),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]
let vitestCommand = [npx, vitestArgs]
if (process.platform === 'linux') {
  const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter((name) => !hasCommand(name))
  if (missing.length > 0) {
    process.stdout.write(
      `✘ keychain tests need ${missing.join(', ')}: apt-get install dbus gnome-keyring\n`,
    )
    failed += 1
  } else {
    vitestCommand = [
      'dbus-run-session',
      [
        '--config-file=scripts/test-bus.conf',
        '--',
        'bash',
        'scripts/with-test-keyring.sh',
        npx,
        ...vitestArgs,
      ],
    ]
  }
}
const endVitest = cost.phase('vitest')
const vitestOk = run('unit and integration tests (vitest)', vitestCommand[0], vitestCommand[1])
endVitest()
const vitest = countVitest(vitestReport)
if (vitest) {
  passed += vitest.passed
  failed += vitest.failed
  skipped += vitest.skipped
}
if (!vitestOk && (!vitest || vitest.failed === 0)) failed += 1

// End to end: the renderer in Chromium wired to the real core; the electron project reports
// itself skipped where no Electron binary is installed.
const e2eReport = join(reportDir, 'playwright.json')
const e2eCommand =
  process.platform === 'linux'
    ? [
        'dbus-run-session',
        [
          '--config-file=scripts/test-bus.conf',
          '--',
          'bash',
          'scripts/with-test-keyring.sh',
          npx,
          'playwright',
          'test',
        ],
      ]
    : [npx, ['playwright', 'test']]
const endE2e = cost.phase('playwright')
const e2eOk = run('end-to-end tests (playwright)', e2eCommand[0], e2eCommand[1], {
  PLAYWRIGHT_JSON_OUTPUT: e2eReport,
})
endE2e()
let e2e
try {
  const report = JSON.parse(readFileSync(e2eReport, 'utf8'))
  e2e = report.stats
  for (const reason of skipReasons(report)) process.stdout.write(`  skipped: ${reason}\n`)
  if (e2e.unexpected > 0) printFailureDiagnostics(report)
} catch {
  e2e = undefined
}
if (e2e) {
  passed += e2e.expected + e2e.flaky
  failed += e2e.unexpected
  skipped += e2e.skipped
}
if (!e2eOk && (!e2e || e2e.unexpected === 0)) failed += 1

// The Playwright example of docs/playwright-example.md, run as an integrator's suite would run it:
// installed from the package into a folder of its own, its own sandbox, the command line with
// credentials from variables (no keychain).
const endExample = cost.phase('example suite')
check('docs Playwright example (examples/playwright, installed from the package)', 'node', [
  'scripts/run-example-suite.mjs',
])
endExample()

rmSync(reportDir, { recursive: true, force: true })
process.stdout.write(`\n${cost.summary().join('\n')}\n`)
process.stdout.write(
  `\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
)
process.exit(failed === 0 ? 0 : 1)
