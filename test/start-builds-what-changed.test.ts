import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const ROOT = join(import.meta.dirname, '..')

type Plan = { opens: string; builds: string[] }
async function plan(args: string[], stamps?: string): Promise<Plan> {
  const { stdout } = await run('node', ['scripts/start.mjs', '--plan', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...(stamps ? { INTEGRATOR_BUILD_STAMPS: stamps } : {}) },
  })
  return JSON.parse(stdout) as Plan
}

describe('npm start builds only what changed, and only what the face it opens runs', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'ic-start-'))
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))

  it('after a build, a start builds nothing', async () => {
    expect(await plan(['--browser'])).toEqual({ opens: 'browser shell', builds: [] })
  })

  it('a changed page builds the page alone; the browser shell never builds the Electron main', async () => {
    const recorded = JSON.parse(
      readFileSync(join(ROOT, 'out', 'build-stamps.json'), 'utf8'),
    ) as Record<string, string>
    const stamps = join(scratch, 'stamps.json')
    writeFileSync(
      stamps,
      JSON.stringify({ ...recorded, page: 'built from other sources', electron: 'stale' }),
    )
    expect(await plan(['--browser'], stamps)).toEqual({ opens: 'browser shell', builds: ['page'] })
    writeFileSync(stamps, JSON.stringify({}))
    expect(await plan(['--browser'], stamps)).toEqual({
      opens: 'browser shell',
      builds: ['node', 'page'],
    })
  })
})
