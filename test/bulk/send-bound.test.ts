import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { BulkMode, ColumnMapping } from '../../src-shared/bulk'
import type { Faults } from '../../src-sandbox/faults'
import { startTestCore, useStagingSandbox, type TestCore } from '../helpers/core'
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox'
import { makeTempDir } from '../helpers/temp-dir'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { tokenCountingProxy, type TokenCountingProxy } from './token-counting-proxy'

// The bound src-main/core/client/retry-policy.ts states, counted where the service stands: how many
// requests about one row reach it when it fails every one the same way. Exactly that many, not at
// most: a row that gave up early would break its promise to try, one that went on would break the
// bound. No wait is real: the run's sleep returns at once, whatever it was asked to wait.

const FAULTS = {
  '503 to every request': { errorRate: 1 },
  '429 to every request': { rateLimitRate: 1, retryAfterSeconds: 1 },
  'every answer dropped': { dropRate: 1 },
} satisfies Record<string, Partial<Faults>>
type Fault = keyof typeof FAULTS

const NO_FAULTS: Partial<Faults> = { errorRate: 0, rateLimitRate: 0, dropRate: 0 }

// [fault, mode, requests per row, what each row ends as]
const BOUNDS: [Fault, BulkMode, number, string][] = [
  ['503 to every request', 'create', 8, 'unknown'],
  ['503 to every request', 'createOrUpdate', 8, 'unknown'],
  ['503 to every request', 'update', 8, 'failed'],
  ['503 to every request', 'setStatus', 8, 'failed'],
  ['503 to every request', 'export', 8, 'failed'],
  ['429 to every request', 'create', 8, 'failed'],
  ['429 to every request', 'createOrUpdate', 8, 'failed'],
  ['429 to every request', 'update', 8, 'failed'],
  ['429 to every request', 'setStatus', 8, 'failed'],
  ['429 to every request', 'export', 8, 'failed'],
  // The Create, the client's Retrieve to settle it, then the row's own Retrieves.
  ['every answer dropped', 'create', 9, 'unknown'],
  ['every answer dropped', 'createOrUpdate', 9, 'unknown'],
  ['every answer dropped', 'update', 8, 'failed'],
  ['every answer dropped', 'setStatus', 8, 'failed'],
  ['every answer dropped', 'export', 8, 'failed'],
]

const MAPPINGS: Record<BulkMode, ColumnMapping> = {
  create: ['token', 'status', 'firstname'],
  createOrUpdate: ['token', 'status', 'firstname'],
  update: ['token', 'status', 'firstname'],
  setStatus: ['token', null, null],
  export: ['token', null, null],
}

const ROWS = 3
const files = makeTempDir('send-bound')
afterAll(() => files.remove())

describeWithTestKeyring('how many times one bulk row reaches a failing service', () => {
  let t: TestCore
  let sandbox: TestSandbox
  let proxy: TokenCountingProxy
  beforeAll(async () => {
    t = startTestCore({ exchangeOptions: { sleep: () => Promise.resolve() } })
    sandbox = await startTestSandbox({ databasePath: ':memory:' })
    proxy = await tokenCountingProxy(sandbox.baseUrl)
    await useStagingSandbox(t, { baseUrl: proxy.url, credentials: sandbox.credentials }, 'Bound')
  })
  afterAll(async () => {
    await t.stop()
    await proxy.close()
    await sandbox.stop()
  })

  /** Users the service has before the run: an Update, a status or an export needs them there. */
  async function existing(tokens: readonly string[]): Promise<void> {
    for (const token of tokens) {
      const made = await sandbox.call('POST', '/api/v3/pendingCompanyUsers', {
        json: { token, status: 2, firstname: 'Before' },
      })
      expect(made.status).toBe(201)
    }
  }

  async function runToEnd(mode: BulkMode, tokens: readonly string[], name: string) {
    const path = join(files.path, `${name}.csv`)
    const lines = ['token,status,nombre', ...tokens.map((token) => `${token},2,Name`)]
    writeFileSync(path, `${lines.join('\r\n')}\r\n`)
    const plan = await t.ok('bulk:dryRun', {
      file: await t.file(path),
      mode,
      mapping: MAPPINGS[mode],
      ...(mode === 'setStatus' ? { status: 3 as const } : {}),
    })
    const exportTo =
      mode === 'export'
        ? {
            file: await t.file(join(files.path, `${name}.json`), 'save', 'json'),
            format: 'json' as const,
          }
        : undefined
    const { runId } = await t.ok('bulk:start', {
      planId: plan.planId,
      concurrency: 4,
      ...(exportTo ? { exportTo } : {}),
    })
    return t.core.bulk.settled(runId)
  }

  it.each(BOUNDS)(
    '%s, %s: %i requests per row, each row %s',
    async (fault, mode, bound, outcome) => {
      const name = `${fault.split(' ')[0] ?? ''}-${mode}`
      const tokens = Array.from({ length: ROWS }, (_, i) => `bound-${name}-${i}`)
      if (mode !== 'create' && mode !== 'createOrUpdate') await existing(tokens)
      sandbox.setFaults(FAULTS[fault])
      try {
        const end = await runToEnd(mode, tokens, name)
        expect(end).toMatchObject({ state: 'finished', done: ROWS, stopped: null })
        expect(end.counts[outcome as keyof typeof end.counts]).toBe(ROWS)
      } finally {
        sandbox.setFaults(NO_FAULTS)
      }
      expect(tokens.map((token) => proxy.count(token))).toEqual(tokens.map(() => bound))
    },
  )
})
