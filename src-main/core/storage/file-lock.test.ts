import { join } from 'node:path'
import lockfile from 'proper-lockfile'
import { afterAll, expect, it } from 'vitest'
import { makeTempDir } from '../../../test/helpers/temp-dir'
import { underFileLock } from './file-lock'

const dir = makeTempDir('file-lock')
afterAll(() => dir.remove())

const refusals = { busy: () => new Error('busy') }

it('lets one change in at a time: the second waits for the first to finish', async () => {
  const path = join(dir.path, 'one-at-a-time.json')
  const order: string[] = []
  let finishFirst = () => {}
  const firstHolds = new Promise<void>((resolve) => (finishFirst = resolve))
  let firstStarted = () => {}
  const started = new Promise<void>((resolve) => (firstStarted = resolve))
  const first = underFileLock(path, refusals, async () => {
    order.push('first in')
    firstStarted()
    await firstHolds
    order.push('first out')
  })
  await started
  const second = underFileLock(path, refusals, () => Promise.resolve(order.push('second in')))
  finishFirst()
  await Promise.all([first, second])
  expect(order).toEqual(['first in', 'first out', 'second in'])
})

it('refuses as busy, running nothing, while another face keeps the lock', async () => {
  const path = join(dir.path, 'held.json')
  const release = await lockfile.lock(path, { realpath: false, stale: 10_000 })
  let ran = false
  try {
    await expect(
      underFileLock(path, refusals, () => Promise.resolve((ran = true))),
    ).rejects.toThrow('busy')
  } finally {
    await release()
  }
  expect(ran).toBe(false)
  await expect(underFileLock(path, refusals, () => Promise.resolve('after'))).resolves.toBe('after')
})
