import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { settledRecord, wholeUpdate, type UserRecord } from '../../../src-shared/service'
import { startTestSandbox, type TestSandbox } from '../../../test/helpers/sandbox'
import { targetFor } from '../../../test/helpers/service-target'
import { createActivityLog } from '../activity/activity-log'
import { failureOf } from '../../../test/helpers/app-failure'
import { startRun } from '../bulk/bulk-run'
import type { RowRequest } from '../bulk/row-input'
import { createExchange } from './retried-call'
import { createServiceClient, type ServiceClient } from './service-client'
import { updateOver } from './update-guard'

let sandbox: TestSandbox
beforeAll(async () => {
  sandbox = await startTestSandbox()
})
afterAll(() => sandbox.stop())

const client = () => createServiceClient(createExchange(targetFor(sandbox), createActivityLog()))
const userPath = (token: string) => `/api/v3/pendingCompanyUsers/${token}`

/** A user as someone else leaves it: a colleague, a script, the integrator's own backend. */
async function changeElsewhere(token: string, changes: Record<string, unknown>): Promise<void> {
  const stored = (await sandbox.call('GET', userPath(token))).body as Record<string, unknown>
  const { status, firstname, lastname } = stored
  const answer = await sandbox.call('PUT', userPath(token), {
    json: { status, firstname, lastname, ...changes },
  })
  expect(answer.status).toBe(200)
}

async function newUser(): Promise<UserRecord> {
  const token = `guard-${randomUUID()}`
  return (await client().create({ token, status: 2, firstname: 'Ana', lastname: 'Ruiz' })).record
}

function oneRow(item: {
  row: number
  request: RowRequest
}): AsyncIterable<{ row: number; request: RowRequest }> {
  return {
    [Symbol.asyncIterator]: () => {
      const each = [item].values()
      return { next: () => Promise.resolve(each.next()) }
    },
  }
}

it('sends nothing over a record someone else changed, and says what changed, field by field', async () => {
  const base = await newUser()
  await changeElsewhere(base.token, { lastname: 'Gil' })

  const mine = wholeUpdate(base, { status: 2, firstname: 'Eva' })
  const refused = await failureOf(updateOver(client(), base, mine))
  expect(refused.code).toBe('CONFLICT')
  expect(refused.message).toContain('lastname')
  expect(refused.conflict).toMatchObject({
    changedElsewhere: ['lastname'],
    base: { lastname: 'Ruiz', firstname: 'Ana' },
    current: { lastname: 'Gil', firstname: 'Ana' },
    yours: { lastname: 'Ruiz', firstname: 'Eva' },
  })
  // Nothing was sent: the service holds the other change only.
  expect((await sandbox.call('GET', userPath(base.token))).body).toMatchObject({
    firstname: 'Ana',
    lastname: 'Gil',
  })

  // Taking the service's value and saving over what it holds now keeps both changes.
  const conflict = refused.conflict
  if (!conflict) throw new Error('no conflict')
  const settled = settledRecord(conflict, {})
  const written = await updateOver(
    client(),
    conflict.current,
    wholeUpdate(conflict.current, { status: 2, firstname: settled.firstname }),
  )
  expect(written.record).toMatchObject({ firstname: 'Eva', lastname: 'Gil' })
})

it('writes when the service still holds the base', async () => {
  const base = await newUser()
  const written = await updateOver(
    client(),
    base,
    wholeUpdate(base, { status: 3, firstname: 'Eva' }),
  )
  expect(written.record).toMatchObject({ status: 3, firstname: 'Eva', lastname: 'Ruiz' })
})

it('a bulk Update row whose user changed between its read and its write is not overwritten', async () => {
  const user = await newUser()
  const real = client()
  let reads = 0
  // The user changes right after the row's first read: the moment a blind write would undo it.
  const racing: ServiceClient = {
    ...real,
    retrieve: async (token) => {
      const record = await real.retrieve(token)
      if (++reads === 1) await changeElsewhere(token, { lastname: 'Gil' })
      return record
    },
  }
  const run = startRun({
    runId: 'guarded',
    mode: 'update',
    environmentId: 'staging',
    environmentName: 'Staging',
    environmentKind: 'staging',
    rows: oneRow({
      row: 2,
      request: { mode: 'update', token: user.token, changes: { status: 2, firstname: 'Eva' } },
    }),
    total: 1,
    concurrency: 1,
    client: () => Promise.resolve(racing),
    ledger: null,
    before: null,
    exportSink: null,
  })
  const end = await run.settled
  expect(end.counts).toMatchObject({ updated: 0, failed: 1 })
  expect(run.results()[0]).toMatchObject({
    outcome: 'failed',
    said: expect.objectContaining({ text: expect.stringContaining('lastname') }),
  })
  expect((await sandbox.call('GET', userPath(user.token))).body).toMatchObject({
    firstname: 'Ana',
    lastname: 'Gil',
  })
})
