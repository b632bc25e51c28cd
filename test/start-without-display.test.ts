import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..')

it('npm start with no display says what to do in one line, before building anything', () => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    INTEGRATOR_BUILD_STAMPS: join(ROOT, 'no-such-stamps.json'),
  }
  delete env.DISPLAY
  delete env.WAYLAND_DISPLAY
  const started = spawnSync(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  })
  expect(started.status).toBe(1)
  expect(started.stdout).toBe('')
  expect(started.stderr.trim().split('\n')).toEqual([
    expect.stringMatching(/^No display here .*xvfb-run npm start/),
  ])
})
