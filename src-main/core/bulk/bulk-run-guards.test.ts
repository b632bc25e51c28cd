import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { bulkWorld, stored, until, users } from '../../../test/bulk/bulk-world'
import { startTestCore, useStagingSandbox } from '../../../test/helpers/core'
import { describeWithTestKeyring } from '../../../test/helpers/test-keyring'

describeWithTestKeyring('what a bulk run refuses, and how it stops', () => {
  const world = bulkWorld('bulk-guards')

  it('a file changed during its run stops the run before any row from the changed bytes is sent', async () => {
    const { t, sandbox } = world
    // Rows of about 2 KB (an unmapped notes column), so the file spans many 64 KiB windows and
    // the run, paused early, has not read near its end (it reads at most a few hundred rows ahead).
    const notes = 'n'.repeat(2000)
    const rows = 1000
    const path = world.csv([
      'token,status,nombre,notes',
      ...Array.from({ length: rows }, (_, i) => `changed-${i},2,Name ${i},${notes}`),
    ])
    sandbox.setFaults({ latencyMs: 2 })
    try {
      const plan = await t.ok('bulk:dryRun', {
        file: await t.file(path),
        mode: 'create',
        mapping: ['token', 'status', 'firstname', null],
      })
      const { runId } = await t.ok('bulk:start', { planId: plan.planId, concurrency: 2 })
      await until('some rows done', () => t.core.bulk.progress(runId).done >= 5)
      await t.ok('bulk:control', { runId, action: 'pause' })
      // Row 901's name changes in place, same length: only its window's digest can tell.
      const text = readFileSync(path, 'utf8')
      writeFileSync(path, text.replace('changed-900,2,Name 900,', 'changed-900,2,Name XXX,'))
      await t.ok('bulk:control', { runId, action: 'resume' })
      const stopped = await t.core.bulk.settled(runId)
      expect(stopped).toMatchObject({ state: 'cancelled', waiting: null })
      expect(stopped.stopped).toMatchObject({
        code: 'VALIDATION',
        said: expect.objectContaining({
          text: expect.stringMatching(
            /changed while it was being read: nothing after row \d+ was read/,
          ),
        }),
      })
      expect(stopped.done).toBeGreaterThanOrEqual(5)
      expect(stopped.done).toBeLessThan(900)
      expect(stopped.counts).toMatchObject({ failed: 0, unknown: 0 })
      expect(await stored(sandbox, 'changed-0')).toMatchObject({ firstname: 'Name 0' })
      expect(await stored(sandbox, 'changed-900')).toBeNull()
      expect(await stored(sandbox, `changed-${rows - 1}`)).toBeNull()
      // Its ledger is kept, and belongs to the file as it was.
      expect((await t.ok('bulk:resumable')).runs).toContainEqual(
        expect.objectContaining({ runId, done: stopped.done, underWayElsewhere: false }),
      )
      expect(await t.call('bulk:resume', { runId, concurrency: 2 })).toMatchObject({
        ok: false,
        error: {
          said: expect.objectContaining({
            text: expect.stringContaining('is not the file this run was started with'),
          }),
        },
      })
      await t.ok('bulk:discard', { runId })
    } finally {
      sandbox.setFaults({ latencyMs: 0 })
    }
  })

  it('refuses a second run while one is starting or under way, and says which is under way', async () => {
    const { t, sandbox } = world
    const path = world.csv(users('one-at-a-time', 50))
    sandbox.setFaults({ latencyMs: 5 })
    try {
      const plan = await t.ok('bulk:dryRun', {
        file: await t.file(path),
        mode: 'create',
        mapping: ['token', 'status', 'firstname'],
      })
      const [first, second] = await Promise.all([
        t.call('bulk:start', { planId: plan.planId, concurrency: 2 }),
        t.call('bulk:start', { planId: plan.planId, concurrency: 2 }),
      ])
      const started = [first, second].filter((answer) => answer.ok)
      expect(started).toHaveLength(1)
      expect([first, second].find((answer) => !answer.ok)).toMatchObject({
        error: {
          code: 'VALIDATION',
          said: expect.objectContaining({ text: expect.stringContaining('already in progress') }),
        },
      })
      const runId = started[0]?.ok ? started[0].data.runId : ''
      expect(await t.ok('bulk:current')).toMatchObject({ runId })
      await t.core.bulk.settled(runId)
      expect(await t.ok('bulk:current')).toBeNull()
    } finally {
      sandbox.setFaults({ latencyMs: 0 })
    }
  })

  it('an export to a folder that does not exist is refused before anything is read', async () => {
    const { t } = world
    const path = world.csv(['token', 'utf8-1'])
    const plan = await t.ok('bulk:dryRun', {
      file: await t.file(path),
      mode: 'export',
      mapping: ['token'],
    })
    const out = join(world.folder, 'no-such-folder', 'out.csv')
    const answer = await t.call('bulk:start', {
      planId: plan.planId,
      concurrency: 2,
      exportTo: { file: await t.file(out, 'save'), format: 'csv' },
    })
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'VALIDATION',
        said: expect.objectContaining({
          text: expect.stringContaining('its folder does not exist'),
        }),
      },
    })
    expect(await t.ok('bulk:current')).toBeNull()
  })

  it('refuses a relative path, which would land in a folder the user cannot see', async () => {
    const { t } = world
    const typed = { purpose: 'open', format: 'csv', path: 'empleados.csv' } as const
    expect(await t.call('files:typed', typed)).toMatchObject({
      ok: false,
      error: {
        code: 'VALIDATION',
        fieldErrors: { path: [expect.objectContaining({ id: 'rule.fullPath' })] },
      },
    })
  })

  it('closing the core mid-export cancels the run and leaves no file behind', async () => {
    const { sandbox } = world
    const own = startTestCore()
    await useStagingSandbox(own, sandbox, 'Export staging')
    const path = world.csv(['token', ...Array.from({ length: 200 }, (_, i) => `utf8-${i}`)])
    const out = join(world.folder, 'export-at-quit.json')
    sandbox.setFaults({ latencyMs: 5 })
    try {
      const plan = await own.ok('bulk:dryRun', {
        file: await own.file(path),
        mode: 'export',
        mapping: ['token'],
      })
      const { runId } = await own.ok('bulk:start', {
        planId: plan.planId,
        concurrency: 2,
        exportTo: { file: await own.file(out, 'save', 'json'), format: 'json' },
      })
      await until('a few rows exported', () => own.core.bulk.progress(runId).done >= 5)
      await own.stop()
      expect(existsSync(out)).toBe(false)
      expect(readdirSync(world.folder).filter((name) => name.includes('.partial-'))).toEqual([])
    } finally {
      sandbox.setFaults({ latencyMs: 0 })
    }
  })
})
