import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { RunProgress } from '../../../src-shared/bulk'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import type { ServiceClient } from '../client/service-client'
import { startRun } from './bulk-run'
import type { RowRequest } from './row-input'

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
})

/** A Create whose answer the test gives, when it chooses, row by row. */
function heldCreates() {
  const answers = new Map<string, { resolve: () => void; reject: (error: AppError) => void }>()
  const client = {
    createWithoutRecord: (user: { token: string }) =>
      new Promise<{ note: null }>((resolve, reject) =>
        answers.set(user.token, { resolve: () => resolve({ note: null }), reject }),
      ),
  } as unknown as ServiceClient
  const answer = async (token: string, outcome: 'created' | AppError) => {
    await vi.waitUntil(() => answers.has(token))
    const held = answers.get(token)
    if (outcome === 'created') held?.resolve()
    else held?.reject(outcome)
    // The engine's own steps after the answer are promise turns; no timer is due here.
    await vi.advanceTimersByTimeAsync(0)
  }
  return { client, answer }
}

/** The rows as the engine reads them: one at a time, each when it asks. */
function creates(tokens: readonly string[]): AsyncIterable<{ row: number; request: RowRequest }> {
  const rows = tokens.map((token, index) => ({
    row: index + 2,
    request: { mode: 'create' as const, token, user: { token, status: 0 as const } },
  }))
  return {
    [Symbol.asyncIterator]: () => {
      const each = rows.values()
      return { next: () => Promise.resolve(each.next()) }
    },
  }
}

const RATE_LIMITED = new AppError('RATE_LIMITED', said('answerRateLimited'), {
  status: 429,
  retryAfterMs: 300_000,
})

it('a row answered after the 429 that holds the run back is counted, and the wait stays said', async () => {
  const service = heldCreates()
  const seen: RunProgress[] = []
  // The run's clock stands still: every change after the first comes inside one progress
  // interval, so only the late report can carry it to the page.
  const run = startRun({
    runId: 'held',
    mode: 'create',
    environmentId: 'staging',
    environmentName: 'Staging',
    environmentKind: 'staging',
    rows: creates(['first', 'second', 'third']),
    total: 3,
    concurrency: 2,
    client: () => Promise.resolve(service.client),
    ledger: null,
    before: null,
    exportSink: null,
    onProgress: (progress) => seen.push(progress),
    now: () => 1_000_000,
    sleep: () => new Promise(() => undefined),
  })

  // Sent before the service began refusing, answered after the refusal of the row beside it.
  await service.answer('second', RATE_LIMITED)
  await service.answer('first', 'created')
  const waitSaid = said('waitingRateLimit', { seconds: 300 })
  expect(run.progress()).toMatchObject({ done: 1, waiting: waitSaid })

  await vi.advanceTimersByTimeAsync(200)
  expect(seen.at(-1)).toMatchObject({ state: 'running', done: 1, waiting: waitSaid })
  run.cancel()
})
