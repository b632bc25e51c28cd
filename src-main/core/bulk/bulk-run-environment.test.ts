import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { RunProgress } from '../../../src-shared/bulk'
import type { EnvironmentDraft } from '../../../src-shared/environments'
import { stored, users } from '../../../test/bulk/bulk-world'
import {
  startCreating,
  startTestCore,
  useStagingSandbox,
  type TestCore,
} from '../../../test/helpers/core'
import { startTestSandbox, type TestSandbox } from '../../../test/helpers/sandbox'
import { makeTempDir } from '../../../test/helpers/temp-dir'
import { describeWithTestKeyring } from '../../../test/helpers/test-keyring'
import { trustTestCertificate } from '../../../test/helpers/tls-certificate'
import type { WriteConfirmationRequest } from '../client/write-confirmation'

const ROWS = 120
const CONCURRENCY = 2
const files = makeTempDir('bulk-environment')
afterAll(() => files.remove())

/** The tokens of a test's rows start with this. */
const prefixOf = (name: string) => name.toLowerCase().replaceAll(' ', '-')

/** Resolves with the run's progress once it satisfies `test`, as its progress events tell. */
function reached(t: TestCore, runId: string, test: (p: RunProgress) => boolean) {
  return new Promise<RunProgress>((resolve) => {
    const stop = t.core.bulk.subscribe((progress) => {
      if (progress.runId !== runId || !test(progress)) return
      stop()
      resolve(progress)
    })
  })
}

describeWithTestKeyring('a bulk run stops when its environment changes under it', () => {
  let sandbox: TestSandbox
  // Over https, so that the environment may become production without changing its address.
  beforeAll(async () => {
    sandbox = await startTestSandbox({ databasePath: ':memory:', tls: trustTestCertificate() })
  })
  afterAll(() => sandbox.stop())

  /**
   * The environment saved again, as useStagingSandbox saved it with `change` made, by the face
   * `by` (another face on the same data folder, or the run's own).
   */
  async function resave(by: TestCore, id: string, name: string, change: Partial<EnvironmentDraft>) {
    const draft = {
      name,
      baseUrl: sandbox.baseUrl,
      kind: 'staging',
      userTokenScheme: 'hmac-sha256-hex',
      timeoutMs: 5000,
    } as const
    await by.ok('environments:save', { id, ...draft, ...change })
  }

  /** A core whose own dialog approves production writes, recording what it was asked. */
  function coreWithDialog() {
    const asked: WriteConfirmationRequest[] = []
    const t = startTestCore({
      exchangeOptions: { sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 5))) },
      confirmWrite: (request) => {
        asked.push(request)
        return Promise.resolve(true)
      },
    })
    return { t, asked }
  }

  /** A Create of ROWS users on a slowed service, under way with a few rows done. */
  async function runUnderWay(t: TestCore, name: string) {
    const id = await useStagingSandbox(t, sandbox, name)
    const path = join(files.path, `${prefixOf(name)}.csv`)
    writeFileSync(path, `${users(prefixOf(name), ROWS).join('\r\n')}\r\n`)
    sandbox.setFaults({ latencyMs: 20 })
    const runId = await startCreating(t, path, CONCURRENCY)
    await reached(t, runId, (progress) => progress.done >= 4)
    return { id, runId }
  }

  /**
   * The run stopped for the change, naming the environment and the rows it left; none of them
   * reached the service, each is listed as not sent, and the run is offered for a resume.
   */
  async function expectStopped(t: TestCore, runId: string, name: string) {
    const stopped = await t.core.bulk.settled(runId)
    sandbox.setFaults({ latencyMs: 0 })
    const left = ROWS - stopped.done
    expect(stopped).toMatchObject({
      state: 'cancelled',
      counts: { created: stopped.done, failed: 0, unknown: 0 },
      stopped: {
        code: 'VALIDATION',
        said: {
          id: 'bulk.environmentChanged',
          text: expect.stringContaining(`"${name}" changed during the run`),
        },
      },
    })
    expect(stopped.stopped?.said.text).toContain(`Rows not sent: ${String(left)}.`)
    expect(left).toBeGreaterThan(0)
    const page = await t.ok('bulk:results', { runId, show: 'attention', offset: 0, limit: 500 })
    expect(page.total).toBe(left)
    expect(new Set(page.rows.map((row) => row.outcome))).toEqual(new Set(['notSent']))
    // Rows are taken in order: one sent after the change would be among the first left.
    const first = page.rows.slice(0, 10).map((row) => row.token)
    const found = await Promise.all(first.map((token) => stored(sandbox, token)))
    expect(found.filter((user) => user !== null)).toEqual([])
    expect((await t.ok('bulk:resumable')).runs).toContainEqual(
      expect.objectContaining({ runId, done: stopped.done, total: ROWS }),
    )
    return stopped
  }

  /** Sets the keys again (a change of kind or route drops them) and resumes the run to its end. */
  async function resumeToEnd(t: TestCore, runId: string, id: string, confirm?: string) {
    for (const name of ['apiKey', 'secretKey'] as const)
      await t.ok('environments:setSecret', { id, name, value: sandbox.credentials[name] })
    const resumed = await t.ok('bulk:resume', {
      runId,
      concurrency: 4,
      ...(confirm === undefined ? {} : { confirmEnvironment: confirm }),
    })
    expect(await t.core.bulk.settled(resumed.runId)).toMatchObject({
      state: 'finished',
      done: ROWS,
      stopped: null,
      counts: { created: ROWS, failed: 0, unknown: 0 },
    })
  }

  it('made production mid-run: no row after the save, and the resume asks for the confirmation', async () => {
    const { t, asked } = coreWithDialog()
    try {
      const { id, runId } = await runUnderWay(t, 'Promoted')
      await resave(t, id, 'Promoted', { kind: 'production' })
      const atSave = t.core.bulk.progress(runId).done
      const stopped = await expectStopped(t, runId, 'Promoted')
      // Only the calls in flight when the save was made may have ended after it.
      expect(stopped.done).toBeLessThanOrEqual(atSave + CONCURRENCY)
      expect(asked).toEqual([])

      for (const name of ['apiKey', 'secretKey'] as const)
        await t.ok('environments:setSecret', { id, name, value: sandbox.credentials[name] })
      expect(await t.call('bulk:resume', { runId, concurrency: 4 })).toMatchObject({
        ok: false,
        error: { code: 'CONFIRMATION_REQUIRED' },
      })
      expect(asked).toEqual([])
      await resumeToEnd(t, runId, id, 'Promoted')
      expect(asked).toEqual([{ environment: 'Promoted', count: ROWS - stopped.done }])
    } finally {
      await t.stop()
    }
  })

  it('its API key set again mid-run (the same value): stops, and resumes with no row twice', async () => {
    const { t } = coreWithDialog()
    try {
      const { id, runId } = await runUnderWay(t, 'Key set again')
      await t.ok('environments:setSecret', {
        id,
        name: 'apiKey',
        value: sandbox.credentials.apiKey,
      })
      const atSet = t.core.bulk.progress(runId).done
      const stopped = await expectStopped(t, runId, 'Key set again')
      expect(stopped.done).toBeLessThanOrEqual(atSet + CONCURRENCY)
      await resumeToEnd(t, runId, id)
    } finally {
      await t.stop()
    }
  })

  it('sent through another proxy mid-run: stops before any row takes the new route', async () => {
    const { t } = coreWithDialog()
    try {
      const { id, runId } = await runUnderWay(t, 'Proxied')
      // A closed port: a row sent the new way would fail, not pass unseen.
      await resave(t, id, 'Proxied', { proxy: { mode: 'url', url: 'http://127.0.0.1:9' } })
      const atSave = t.core.bulk.progress(runId).done
      const stopped = await expectStopped(t, runId, 'Proxied')
      expect(stopped.done).toBeLessThanOrEqual(atSave + CONCURRENCY)
      await resave(t, id, 'Proxied', {})
      await resumeToEnd(t, runId, id)
    } finally {
      await t.stop()
    }
  })

  it('made production by another face on the same data folder: stops, and the resume asks', async () => {
    const { t, asked } = coreWithDialog()
    let other: TestCore | undefined
    try {
      const { id, runId } = await runUnderWay(t, 'Promoted elsewhere')
      other = startTestCore({ dataDirectory: t.dataDirectory, keychainService: t.keychainService })
      await resave(other, id, 'Promoted elsewhere', { kind: 'production' })
      await expectStopped(t, runId, 'Promoted elsewhere')
      for (const name of ['apiKey', 'secretKey'] as const)
        await t.ok('environments:setSecret', { id, name, value: sandbox.credentials[name] })
      expect(await t.call('bulk:resume', { runId, concurrency: 4 })).toMatchObject({
        ok: false,
        error: { code: 'CONFIRMATION_REQUIRED' },
      })
      expect(asked).toEqual([])
    } finally {
      await other?.stop()
      await t.stop()
    }
  })

  it('goes on through a save that changes nothing and a write to another environment', async () => {
    const { t } = coreWithDialog()
    try {
      const other = await useStagingSandbox(t, sandbox, 'Another')
      const { id, runId } = await runUnderWay(t, 'Unchanged')
      await resave(t, id, 'Unchanged', {})
      await t.ok('environments:setSecret', {
        id: other,
        name: 'apiKey',
        value: sandbox.credentials.apiKey,
      })
      sandbox.setFaults({ latencyMs: 0 })
      expect(await t.core.bulk.settled(runId)).toMatchObject({
        state: 'finished',
        done: ROWS,
        stopped: null,
        counts: { created: ROWS, failed: 0, unknown: 0 },
      })
    } finally {
      await t.stop()
    }
  })
})
