import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..')

/** The machine's own Node when it is older than the project's: the README's case. */
function olderNode(): string | undefined {
  const found = spawnSync('bash', ['-c', 'PATH=/usr/local/bin:/usr/bin:/bin command -v node'], {
    encoding: 'utf8',
  }).stdout.trim()
  if (found === '') return undefined
  const major = Number(
    execFileSync(found, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }),
  )
  return major < 24 ? found : undefined
}

const work = mkdtempSync(join(tmpdir(), 'ic-quick-start-'))
// A whole node_modules to delete: its own budget, as the install has.
afterAll(() => rm(work, { recursive: true, force: true }), 120_000)

const older = olderNode()

// The install half of the README's first command, on a copy of this checkout as a clone gives it
// (no node_modules, no .tools, no build), with the machine's older Node first on PATH.
it.skipIf(older === undefined)(
  'the README’s first command installs with an older Node first on PATH, leaving that Node alone',
  () => {
    const checkout = join(work, 'checkout')
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\0')
      .filter((file) => file !== '' && existsSync(join(ROOT, file)))
    for (const file of files) {
      mkdirSync(dirname(join(checkout, file)), { recursive: true })
      cpSync(join(ROOT, file), join(checkout, file))
    }
    const path = `${dirname(older ?? '')}:/usr/local/bin:/usr/bin:/bin`
    const installed = spawnSync('bash', ['scripts/quick-start.sh', '--install-only'], {
      cwd: checkout,
      // What this machine's npm cache holds is taken as it is, without asking the registry
      // whether it is still current: the install is what is tested, not the registry.
      env: { ...process.env, PATH: path, CI: 'true', npm_config_prefer_offline: 'true' },
      encoding: 'utf8',
    })
    expect(installed.status, installed.stderr).toBe(0)
    expect(installed.stdout).toMatch(/Using Node v24\.\d+\.\d+ at .*\.tools/)
    // npm ci ran its prepare: the command line is built, and runs under Node 24.
    const version = spawnSync('npm', ['run', '--silent', 'cli', '--', '--version'], {
      cwd: checkout,
      env: {
        ...process.env,
        PATH: `${join(checkout, '.tools', 'node-24.21.0', 'node_modules', '.bin')}:${path}`,
      },
      encoding: 'utf8',
    })
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/)
    expect(execFileSync(older ?? '', ['--version'], { encoding: 'utf8' })).toMatch(
      /^v(1\d|2[0-3])\./,
    )
  },
  600_000,
)
