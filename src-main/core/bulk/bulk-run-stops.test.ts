import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { RunProgress } from '../../../src-shared/bulk'
import { startSandbox, type RunningSandbox } from '../../../src-sandbox/server'
import {
  startCreating,
  startTestCore,
  useStagingSandbox,
  type TestCore,
} from '../../../test/helpers/core'
import { makeTempDir } from '../../../test/helpers/temp-dir'
import { describeWithTestKeyring } from '../../../test/helpers/test-keyring'
import { testCertificate } from '../../../test/helpers/tls-certificate'

const files = makeTempDir('bulk-stops')
afterAll(() => files.remove())

function users(prefix: string, rows: number): string {
  const path = join(files.path, `${prefix}.csv`)
  const lines = [
    'token,status,nombre',
    ...Array.from({ length: rows }, (_, i): unknown => `${prefix}-${i},2,N ${i}`),
  ]
  writeFileSync(path, `${lines.join('\r\n')}\r\n`)
  return path
}

/** Waits for a condition, checking often; the bound only keeps a broken run from hanging. */
async function until(what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** Running or cancelling: the run has not come to a rest (a pause is one). */
const moving = (progress: RunProgress) =>
  progress.state === 'running' || progress.state === 'cancelling'

/** The saved results: each row's line after the header. */
async function results(t: TestCore, runId: string, name: string): Promise<string[]> {
  const out = join(files.path, name)
  await t.ok('bulk:saveResults', { runId, file: await t.file(out, 'save') })
  return readFileSync(out, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1)
}

describeWithTestKeyring('a bulk run stops on what every row would meet', () => {
  let sandbox: RunningSandbox
  const database = join(files.path, 'sandbox.db')
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, databasePath: database })
  })
  afterAll(() => sandbox.close())

  it('against a certificate this computer does not trust: at once, every row not sent, the certificate named', async () => {
    // The service's own waits, not shortened: a retry would show as a second call per row.
    const t = startTestCore()
    const https = await startSandbox({ port: 0, databasePath: ':memory:', tls: testCertificate() })
    try {
      await useStagingSandbox(t, https, 'Self-signed staging')
      const rows = 4
      const runId = await startCreating(t, users('untrusted', rows), rows)
      const calls = async () => (await t.ok('activity:list')).entries
      await until('the run to end, or a row to be sent again', async () => {
        return !moving(t.core.bulk.progress(runId)) || (await calls()).length > rows
      })
      expect(t.core.bulk.progress(runId)).toMatchObject({
        state: 'cancelled',
        done: 0,
        counts: { created: 0, failed: 0, unknown: 0 },
        stopped: {
          code: 'NETWORK',
          said: expect.objectContaining({
            text: expect.stringMatching(
              /^The secure connection to https:\/\/127\.0\.0\.1:\d+ failed, so nothing was sent: its certificate is self-signed, and this computer does not trust it \(DEPTH_ZERO_SELF_SIGNED_CERT\)\. Fix it, then resume the run\.$/,
            ),
          }),
        },
      })
      // One Create per row, none repeated and none followed by a Retrieve: nothing to reconcile.
      const made = await calls()
      expect(made).toHaveLength(rows)
      // Each refused at its handshake, or given up while still in it once the first was.
      for (const call of made)
        expect(call).toMatchObject({
          operation: { id: 'operation.createUser' },
          status: null,
          failure: expect.objectContaining({
            text: expect.stringMatching(
              /DEPTH_ZERO_SELF_SIGNED_CERT|^Not sent: the run stopped before the connection/,
            ),
          }),
        })
      expect(made).toContainEqual(
        expect.objectContaining({
          failure: expect.objectContaining({
            text: expect.stringContaining('DEPTH_ZERO_SELF_SIGNED_CERT'),
          }),
        }),
      )
      expect(await results(t, runId, 'untrusted-results.csv')).toEqual(
        Array.from({ length: rows }, (_, i): unknown =>
          expect.stringMatching(new RegExp(`^${i + 2},untrusted-${i},notSent,,Not sent: `)),
        ),
      )
      expect((await t.ok('bulk:resumable')).runs).toContainEqual(
        expect.objectContaining({ runId, done: 0, total: rows }),
      )
    } finally {
      await t.stop()
      await https.close()
    }
  })

  it('credentials revoked mid-run: stops at the refusal with its reason, and resumes once they are fixed', async () => {
    const t = startTestCore({
      exchangeOptions: { sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 5))) },
    })
    try {
      const environmentId = await useStagingSandbox(t, sandbox, 'Revoked staging')
      const rows = 300
      const concurrency = 2
      sandbox.setFaults({ latencyMs: 2 })
      const runId = await startCreating(t, users('revoked', rows), concurrency)
      await until('some rows done', () => t.core.bulk.progress(runId).done >= 3)
      // The service's keys change under the run (a rotation): a real 401 from now on.
      sandbox.setFaults({ hold: true })
      await sandbox.close()
      sandbox = await startSandbox({ port: sandbox.port, databasePath: database })
      await until('the run to come to a rest', () => !moving(t.core.bulk.progress(runId)))
      const stopped = t.core.bulk.progress(runId)
      expect(stopped).toMatchObject({
        state: 'cancelled',
        counts: { failed: 0, unknown: 0 },
        stopped: {
          code: 'UNAUTHORIZED',
          status: 401,
          said: expect.objectContaining({
            text: expect.stringContaining('The service refused the apiKey / secretKey'),
          }),
        },
      })
      // No row was taken after the refusal: those in flight were set aside, the rest left.
      const setAside = (await results(t, runId, 'revoked-results.csv')).filter(
        (line) => !line.includes(',created,') && !line.includes('before reaching this row'),
      )
      expect(setAside.length).toBeLessThanOrEqual(concurrency)
      expect(stopped.done + setAside.length).toBeLessThan(rows)

      for (const name of ['apiKey', 'secretKey'] as const)
        await t.ok('environments:setSecret', {
          id: environmentId,
          name,
          value: sandbox.credentials[name],
        })
      const resumed = await t.ok('bulk:resume', { runId, concurrency })
      expect(await t.core.bulk.settled(resumed.runId)).toMatchObject({
        state: 'finished',
        done: rows,
        stopped: null,
        counts: { created: rows, failed: 0, unknown: 0 },
      })
    } finally {
      sandbox.setFaults({ latencyMs: 0 })
      await t.stop()
    }
  })
})
