import { execFile } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { makeTempDir } from './helpers/temp-dir'

const ROOT = join(import.meta.dirname, '..')
const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs')

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/** `vitest run` with this repository's configuration, as a terminal runs it (not as a worker). */
function vitestRun(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const outside = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')),
  )
  return new Promise((done) => {
    execFile(
      process.execPath,
      [VITEST, 'run', '--config', join(ROOT, 'vitest.config.ts'), ...args],
      { cwd: ROOT, env: { ...outside, NO_COLOR: '1', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0
        done({ code, stdout, stderr })
      },
    )
  })
}

describe('the Vitest configuration', () => {
  const scratch = makeTempDir('vitest-config')
  afterAll(scratch.remove)

  it('stops a run of build tests on one line naming the part to build, before any test runs', async () => {
    // Stamps that match no sources: what a contract change or a branch switch leaves behind.
    const stamps = join(scratch.path, 'stale-stamps.json')
    writeFileSync(stamps, '{}\n')
    const run = await vitestRun(['--project', 'build', 'src-main/preload.test.ts'], {
      INTEGRATOR_BUILD_STAMPS: stamps,
    })
    expect(run.code).toBe(1)
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^build is stale: run npm run build electron \(/),
    ])
    expect(run.stdout).not.toMatch(/preload\.test\.ts|Test Files/)
  })

  it('fails a run that holds a focused test, instead of skipping the others', async () => {
    // Outside the repository, so that no other run picks the file up.
    mkdirSync(join(scratch.path, 'test'))
    writeFileSync(
      join(scratch.path, 'test', 'focused.test.ts'),
      [
        "import { it } from 'vitest'",
        "it.only('the one being worked on', () => {})",
        "it('another', () => {})",
        '',
      ].join('\n'),
    )
    const run = await vitestRun(['--root', scratch.path, '--project', 'node'])
    expect(run.code).not.toBe(0)
    expect(run.stdout + run.stderr).toMatch(/Unexpected \.only modifier/)
  })
})
