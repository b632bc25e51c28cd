// The Playwright example of docs/playwright-example.md, run as an integrator's suite runs it: its
// files copied into an empty folder outside this repository, the command line and sandbox
// installed there from the package `npm pack` makes (never this checkout's node_modules), then
// `npx playwright test` in that folder.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..')
const work = mkdtempSync(join(tmpdir(), 'ic-example-suite-'))
const suite = join(work, 'suite')
const inherit = { stdio: 'inherit' }
const quietNpm = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error']
try {
  execFileSync('node', ['scripts/build-cli-package.mjs'], { cwd: ROOT, ...inherit })
  const packed = execFileSync(
    'npm',
    ['pack', './out/package', '--pack-destination', work, '--json'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  )
  const tarball = join(work, JSON.parse(packed)[0].filename)
  cpSync(join(ROOT, 'examples', 'playwright'), suite, { recursive: true })
  // The package is not on the registry yet: its tarball stands in for the published version.
  execFileSync('npm', ['install', '-D', tarball, ...quietNpm], { cwd: suite, ...inherit })
  execFileSync('npx', ['playwright', 'test'], { cwd: suite, ...inherit })
} catch (error) {
  process.exitCode = typeof error?.status === 'number' ? error.status || 1 : 1
} finally {
  rmSync(work, { recursive: true, force: true })
}
