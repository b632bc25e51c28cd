import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { RunProgress } from '../../src-shared/bulk'
import { startTestCore, useStagingSandbox, type TestCore } from '../helpers/core'
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox'
import { makeTempDir } from '../helpers/temp-dir'

export interface BulkWorld {
  /** The core, on a staging environment over the sandbox. */
  readonly t: TestCore
  readonly sandbox: TestSandbox
  /** The folder the test's files go in. */
  readonly folder: string
  /** A CSV file of these lines (CRLF), in this encoding; its path. */
  csv(lines: readonly string[], encoding?: BufferEncoding): string
}

/**
 * For a describe block: a core whose waits between retries are shortened, on a staging
 * environment over its own in-memory sandbox, and a folder for the files. What is under test is
 * that every row ends once, not how long a real service is given to recover; in memory, since
 * thousands of writes to a database file would measure the disk, not the engine.
 */
export function bulkWorld(name: string): BulkWorld {
  const files = makeTempDir(name)
  let t: TestCore | undefined
  let sandbox: TestSandbox | undefined
  let count = 0
  beforeAll(async () => {
    t = startTestCore({
      exchangeOptions: { sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 5))) },
    })
    sandbox = await startTestSandbox({ databasePath: ':memory:' })
    await useStagingSandbox(t, sandbox, 'Bulk staging')
  })
  afterAll(async () => {
    await t?.stop()
    await sandbox?.stop()
    files.remove()
  })
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the bulk world starts in beforeAll')
    return value
  }
  return {
    get t() {
      return started(t)
    },
    get sandbox() {
      return started(sandbox)
    },
    folder: files.path,
    csv(lines, encoding = 'utf8') {
      const path = join(files.path, `rows-${++count}.csv`)
      writeFileSync(path, Buffer.from(`${lines.join('\r\n')}\r\n`, encoding))
      return path
    },
  }
}

/** A file's lines for `rows` users: token, status, first name. */
export function users(prefix: string, rows: number): string[] {
  return [
    'token,status,nombre',
    ...Array.from({ length: rows }, (_, i) => `${prefix}-${i},2,Name ${i}`),
  ]
}

/** A dry run of the file, then its run to the end; the run's last progress. */
export async function runToEnd(
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
export async function stored(
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
export async function until(what: string, condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}
