import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { RunProgress } from '../../../src-shared/bulk'
import {
  startCreating,
  startTestCore,
  useStagingSandbox,
  type TestCore,
} from '../../../test/helpers/core'
import { startTestSandbox, type TestSandbox } from '../../../test/helpers/sandbox'
import { makeTempDir } from '../../../test/helpers/temp-dir'
import { describeWithTestKeyring } from '../../../test/helpers/test-keyring'

const ROOT = resolve(import.meta.dirname, '../../..')
const files = makeTempDir('bulk-run')
afterAll(() => files.remove())

let count = 0
function csv(lines: readonly string[], encoding: BufferEncoding = 'utf8'): string {
  const path = join(files.path, `rows-${++count}.csv`)
  writeFileSync(path, Buffer.from(`${lines.join('\r\n')}\r\n`, encoding))
  return path
}

function users(prefix: string, rows: number): string[] {
  return [
    'token,status,nombre',
    ...Array.from({ length: rows }, (_, i) => `${prefix}-${i},2,Name ${i}`),
  ]
}

async function runToEnd(
  t: TestCore,
  path: string,
  mode: 'create' | 'createOrUpdate' | 'update' | 'setStatus' | 'export',
  mapping: ('token' | 'status' | 'firstname' | 'lastname' | null)[],
  extra: { status?: 0 | 2 | 3; exportTo?: { path: string; format: 'csv' | 'json' } } = {},
): Promise<RunProgress> {
  const plan = await t.ok('bulk:dryRun', {
    file: await t.file(path),
    mode,
    mapping,
    ...(extra.status === undefined ? {} : { status: extra.status }),
  })
  const { exportTo } = extra
  const started = await t.ok('bulk:start', {
    planId: plan.planId,
    concurrency: 4,
    ...(exportTo
      ? {
          exportTo: {
            file: await t.file(exportTo.path, 'save', exportTo.format),
            format: exportTo.format,
          },
        }
      : {}),
  })
  return t.core.bulk.settled(started.runId)
}

/** What the service holds for a token, read without faults. */
async function stored(
  sandbox: TestSandbox,
  token: string,
): Promise<Record<string, unknown> | null> {
  const answer = await sandbox.call(
    'GET',
    `/api/v3/pendingCompanyUsers/${encodeURIComponent(token)}`,
  )
  return answer.status === 200 ? (answer.body as Record<string, unknown>) : null
}

/** Waits for a condition, checking often; the bound only keeps a broken run from hanging. */
async function until(what: string, condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

describeWithTestKeyring('bulk runs against the sandbox', () => {
  let t: TestCore
  let sandbox: TestSandbox
  beforeAll(async () => {
    // Waits between retries (the client's and the runs') shortened: what is under test is that
    // every row ends once, not how long a real service is given to recover.
    t = startTestCore({
      exchangeOptions: { sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 5))) },
    })
    // In memory: thousands of writes to a database file would measure the disk, not the engine.
    sandbox = await startTestSandbox({ databasePath: ':memory:' })
    await useStagingSandbox(t, sandbox, 'Bulk staging')
  })
  afterAll(async () => {
    await t.stop()
    await sandbox.stop()
  })

  it('brings the same names from UTF-8, UTF-8 with BOM and Windows-1252 files to the service', async () => {
    const names = (prefix: string) => [
      'token;estado;nombre;apellidos',
      `${prefix}-1;2;Begoña;Muñoz`,
      `${prefix}-2;2;Günter;Peña Álvarez`,
    ]
    const bom = csv(names('bom'))
    writeFileSync(bom, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(bom)]))
    for (const [prefix, path] of [
      ['utf8', csv(names('utf8'))],
      ['bom', bom],
      ['cp1252', csv(names('cp1252'), 'latin1')],
    ] as const) {
      const progress = await runToEnd(t, path, 'create', [
        'token',
        'status',
        'firstname',
        'lastname',
      ])
      expect(progress).toMatchObject({ state: 'finished', counts: { created: 2, failed: 0 } })
      expect(await stored(sandbox, `${prefix}-1`)).toMatchObject({
        firstname: 'Begoña',
        lastname: 'Muñoz',
      })
      expect(await stored(sandbox, `${prefix}-2`)).toMatchObject({
        firstname: 'Günter',
        lastname: 'Peña Álvarez',
      })
    }
  })

  it('with drops and 504s after writes, 429s, 503s and latency: every row once, none lost, none doubled', async () => {
    const rows = 1000
    const path = csv(users('faulty', rows))
    sandbox.setFaults({
      latencyMs: 1,
      errorRate: 0.02,
      rateLimitRate: 0.03,
      retryAfterSeconds: 0,
      dropRate: 0.03,
      lateErrorRate: 0.02,
    })
    try {
      const created = await runToEnd(t, path, 'create', ['token', 'status', 'firstname'])
      expect(created).toMatchObject({
        state: 'finished',
        total: rows,
        done: rows,
        remaining: 0,
        counts: { created: rows, failed: 0, unknown: 0 },
      })
      // The same file again, as Create or update: every Create meets a 409 and becomes an Update;
      // one whose 409 was lost reads as created (the user is there as sent): done either way.
      const again = await runToEnd(t, path, 'createOrUpdate', ['token', 'status', 'firstname'])
      expect(again).toMatchObject({
        state: 'finished',
        done: rows,
        counts: { failed: 0, unknown: 0 },
      })
      expect(again.counts.updated + again.counts.created).toBe(rows)
      expect(again.counts.updated).toBeGreaterThan(rows / 2)
    } finally {
      sandbox.setFaults({
        latencyMs: 0,
        errorRate: 0,
        rateLimitRate: 0,
        dropRate: 0,
        lateErrorRate: 0,
      })
    }
    for (const i of [0, 1, rows / 2, rows - 1])
      expect(await stored(sandbox, `faulty-${i}`)).toMatchObject({ firstname: `Name ${i}` })
  })

  it('sets a status for a list of tokens, and exports them to the file chosen', async () => {
    const path = csv(['token', 'utf8-1', 'utf8-2', 'nobody-here'])
    const set = await runToEnd(t, path, 'setStatus', ['token'], { status: 3 })
    expect(set).toMatchObject({ state: 'finished', counts: { statusSet: 2, failed: 1 } })
    expect(await stored(sandbox, 'utf8-1')).toMatchObject({ status: 3 })

    const out = join(files.path, 'export.csv')
    const exported = await runToEnd(t, path, 'export', ['token'], {
      exportTo: { path: out, format: 'csv' },
    })
    expect(exported).toMatchObject({ counts: { exported: 2, failed: 1 } })
    const lines = readFileSync(out, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toMatch(/^token,status,email,nid_number,firstname/)
    expect(lines.slice(1).sort()).toEqual([
      expect.stringMatching(/^utf8-1,3,,,Begoña,Muñoz/),
      expect.stringMatching(/^utf8-2,3,,,Günter,Peña Álvarez/),
    ])
  })

  it('pauses without sending, cancels, and resumes from its ledger with no row twice', async () => {
    const rows = 300
    const path = csv(users('paused', rows))
    sandbox.setFaults({ latencyMs: 5 })
    const seen: RunProgress[] = []
    const unsubscribe = t.core.bulk.subscribe((progress) => seen.push(progress))
    try {
      const runId = await startCreating(t, path, 2)
      await until('some rows done', () => t.core.bulk.progress(runId).done >= 20)
      await t.ok('bulk:control', { runId, action: 'pause' })
      // In-flight calls finish after the pause; then nothing moves while paused.
      await until('the calls in flight to end', () => {
        const now = t.core.bulk.progress(runId)
        return now.state === 'paused' && now.inFlight === 0
      })
      const atPause = t.core.bulk.progress(runId).done
      await new Promise((r) => setTimeout(r, 100))
      expect(t.core.bulk.progress(runId).done).toBe(atPause)
      await t.ok('bulk:control', { runId, action: 'resume' })
      await until('more rows done', () => t.core.bulk.progress(runId).done >= atPause + 20)
      await t.ok('bulk:control', { runId, action: 'cancel' })
      const cancelled = await t.core.bulk.settled(runId)
      expect(cancelled.state).toBe('cancelled')
      expect(cancelled.done).toBeLessThan(rows)
      expect(seen.some((progress) => progress.state === 'paused')).toBe(true)

      const { runs } = await t.ok('bulk:resumable')
      expect(runs).toContainEqual(
        expect.objectContaining({ runId, done: cancelled.done, total: rows }),
      )
      const resumed = await t.ok('bulk:resume', { runId, concurrency: 4 })
      const finished = await t.core.bulk.settled(resumed.runId)
      expect(finished).toMatchObject({
        state: 'finished',
        done: rows,
        doneBefore: cancelled.done,
        counts: { created: rows, failed: 0, unknown: 0 },
      })
      expect((await t.ok('bulk:resumable')).runs.map((run) => run.runId)).not.toContain(runId)
    } finally {
      unsubscribe()
      sandbox.setFaults({ latencyMs: 0 })
    }
  })

  it("counts the service's hold in the time left", async () => {
    const path = csv(users('held-partway', 20))
    sandbox.setFaults({ rateLimitAfter: 5, retryAfterSeconds: 3600 })
    try {
      const runId = await startCreating(t, path, 3)
      await until('five rows done and the rest held back', () => {
        const now = t.core.bulk.progress(runId)
        return now.waiting?.includes('rate limiting') === true && now.done === 5
      })
      // Held for five minutes at most (a longer Retry-After is cut to that), then 15 rows to go.
      expect(t.core.bulk.progress(runId).etaSeconds).toBeGreaterThan(290)
      await t.ok('bulk:control', { runId, action: 'cancel' })
      await t.core.bulk.settled(runId)
    } finally {
      sandbox.setFaults({ rateLimitAfter: null, retryAfterSeconds: 1 })
    }
  })

  it('cancelled while the service holds it back, its results list the rows set aside as not sent', async () => {
    const path = csv(users('held-back', 20))
    sandbox.setFaults({ rateLimitRate: 1, retryAfterSeconds: 3600 })
    try {
      const runId = await startCreating(t, path, 3)
      await until('every worker to wait for the Retry-After', () => {
        const now = t.core.bulk.progress(runId)
        return now.waiting?.includes('rate limiting') === true && now.inFlight === 3
      })
      await t.ok('bulk:control', { runId, action: 'cancel' })
      expect(await t.core.bulk.settled(runId)).toMatchObject({ state: 'cancelled', done: 0 })
      const out = join(files.path, 'held-back-results.csv')
      expect(
        await t.ok('bulk:saveResults', { runId, file: await t.file(out, 'save') }),
      ).toMatchObject({ rows: 20 })
      const lines = readFileSync(out, 'utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
      // The three in flight were set aside; the other rows were never reached: every row listed.
      expect(lines.slice(1, 5)).toEqual([
        expect.stringMatching(/^2,held-back-0,notSent,,Not sent: the run stopped before its call/),
        expect.stringMatching(/^3,held-back-1,notSent,/),
        expect.stringMatching(/^4,held-back-2,notSent,/),
        expect.stringMatching(/^5,held-back-3,notSent,,Not sent: the run ended before reaching/),
      ])
    } finally {
      sandbox.setFaults({ rateLimitRate: 0, retryAfterSeconds: 1 })
    }
    expect(await stored(sandbox, 'held-back-0')).toBeNull()
  })

  it('a file changed during its run stops the run before any row from the changed bytes is sent', async () => {
    // Rows of about 2 KB (an unmapped notes column), so the file spans many 64 KiB windows and
    // the run, paused early, has not read near its end (it reads at most a few hundred rows ahead).
    const notes = 'n'.repeat(2000)
    const rows = 1000
    const path = csv([
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
        message: expect.stringMatching(
          /changed while it was being read: nothing after row \d+ was read/,
        ),
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
        error: { message: expect.stringContaining('is not the file this run was started with') },
      })
      await t.ok('bulk:discard', { runId })
    } finally {
      sandbox.setFaults({ latencyMs: 0 })
    }
  })

  it('a run killed with SIGKILL mid-way resumes from its ledger: every row done exactly once', async () => {
    const rows = 600
    const path = csv(users('killed', rows))
    const child = startTestCore()
    await useStagingSandbox(child, sandbox, 'Killed staging')
    await child.core.dispose()
    // Slow enough that the child is still far from its end while the other face looks at it.
    sandbox.setFaults({ latencyMs: 20 })
    const runner = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/bulk-child.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        BULK_DATA: child.dataDirectory,
        BULK_KEYCHAIN: child.keychainService,
        BULK_FILE: path,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let output = ''
    runner.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = once(runner, 'exit')
    await until('the child to start its run', () => output.includes('started '))
    const runId = /started (\S+)/.exec(output)?.[1] ?? ''
    const ledger = join(child.dataDirectory, 'bulk-runs', `${runId}.jsonl`)
    const doneLines = () =>
      existsSync(ledger) ? readFileSync(ledger, 'utf8').split('"kind":"done"').length - 1 : 0
    await until('a third of the rows done', () => doneLines() >= rows / 3)
    // The child is held back while another face looks (hundreds of rows left at 2 s a call), so
    // it cannot end first however slow this machine is. Its calls in flight when it is killed
    // may still land after the resume asked about them: the resume must cope, as with a real
    // service.
    sandbox.setFaults({ latencyMs: 2_000 })
    // Another face on the same data folder sees the run as under way and cannot take it.
    const after = startTestCore({
      dataDirectory: child.dataDirectory,
      keychainService: child.keychainService,
    })
    try {
      const underWay = (await after.ok('bulk:resumable')).runs.find((run) => run.runId === runId)
      expect(underWay?.underWayElsewhere).toBe(true)
      expect(await after.call('bulk:resume', { runId, concurrency: 4 })).toMatchObject({
        ok: false,
        error: { message: expect.stringContaining('under way in another process') },
      })
      expect(await after.call('bulk:discard', { runId })).toMatchObject({
        ok: false,
        error: { message: expect.stringContaining('under way in another process') },
      })

      runner.kill('SIGKILL')
      await exited
      sandbox.setFaults({ latencyMs: 0 })
      expect(output).not.toContain('finished')
      // The killed process's claim stays until it goes stale: aged here instead of waited for.
      const claim = `${ledger}.lock`
      expect(existsSync(claim)).toBe(true)
      const longAgo = new Date(Date.now() - 60_000)
      utimesSync(claim, longAgo, longAgo)

      const { runs } = await after.ok('bulk:resumable')
      const stopped = runs.find((run) => run.runId === runId)
      expect(stopped?.underWayElsewhere).toBe(false)
      expect(stopped?.done).toBeGreaterThanOrEqual(rows / 3)
      expect(stopped?.done).toBeLessThan(rows)
      const resumed = await after.ok('bulk:resume', { runId, concurrency: 4 })
      const finished = await after.core.bulk.settled(resumed.runId)
      expect(finished).toMatchObject({
        state: 'finished',
        done: rows,
        counts: { created: rows, failed: 0, unknown: 0 },
      })
      for (const i of [0, rows / 3, rows - 1])
        expect(await stored(sandbox, `killed-${i}`)).toMatchObject({ firstname: `Name ${i}` })
    } finally {
      await after.stop()
    }
  })

  it('refuses a second run while one is starting or under way, and says which is under way', async () => {
    const path = csv(users('one-at-a-time', 50))
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
        error: { code: 'VALIDATION', message: expect.stringContaining('already in progress') },
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
    const path = csv(['token', 'utf8-1'])
    const plan = await t.ok('bulk:dryRun', {
      file: await t.file(path),
      mode: 'export',
      mapping: ['token'],
    })
    const out = join(files.path, 'no-such-folder', 'out.csv')
    const answer = await t.call('bulk:start', {
      planId: plan.planId,
      concurrency: 2,
      exportTo: { file: await t.file(out, 'save'), format: 'csv' },
    })
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', message: expect.stringContaining('its folder does not exist') },
    })
    expect(await t.ok('bulk:current')).toBeNull()
  })

  it('refuses a relative path, which would land in a folder the user cannot see', async () => {
    const typed = { purpose: 'open', format: 'csv', path: 'empleados.csv' } as const
    expect(await t.call('files:typed', typed)).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', fieldErrors: { path: [expect.stringContaining('full path')] } },
    })
  })

  it('closing the core mid-export cancels the run and leaves no file behind', async () => {
    const own = startTestCore()
    await useStagingSandbox(own, sandbox, 'Export staging')
    const path = csv(['token', ...Array.from({ length: 200 }, (_, i) => `utf8-${i}`)])
    const out = join(files.path, 'export-at-quit.json')
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
      expect(readdirSync(files.path).filter((name) => name.includes('.partial-'))).toEqual([])
    } finally {
      sandbox.setFaults({ latencyMs: 0 })
    }
  })
})
