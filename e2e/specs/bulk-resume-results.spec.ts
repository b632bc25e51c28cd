import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import type { IncomingMessage, Server } from 'node:http'
import { join } from 'node:path'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { makeTempDir } from '../../test/helpers/temp-dir'
import { expect, keepScreenshot, test } from '../fixtures'
import { bulkParts, dryRun, expectRunEnded, sendRows, writeCsv } from '../pages/bulk'
import { arrangeEnvironmentOn } from '../pages/console-api'

const CREATE_PATH = '/api/v3/pendingCompanyUsers'

/**
 * Holds every request from the `from`-th Create on, unanswered, and resolves once `until` Creates
 * have reached the sandbox: Node's HTTP server publishes each request just before its handler
 * runs, and the handler reaches the hold without awaiting anything first.
 */
function holdCreates(sandbox: RunningSandbox, from: number, until: number): Promise<void> {
  const channel = 'http.server.request.start'
  let creates = 0
  return new Promise((resolve) => {
    const onStart = (message: unknown) => {
      const { request, server } = message as { request: IncomingMessage; server: Server }
      const address = server.address()
      if (typeof address !== 'object' || address?.port !== sandbox.port) return
      if (request.method !== 'POST' || request.url !== CREATE_PATH) return
      creates += 1
      if (creates === from) sandbox.setFaults({ hold: true })
      if (creates < until) return
      unsubscribe(channel, onStart)
      setImmediate(resolve)
    }
    subscribe(channel, onStart)
  })
}

const files = makeTempDir('bulk-outage')
// The run meets the outage for its rows' whole retry budget before it stops by itself, as it
// would against a real service that went down; the waits between attempts are kept short.
test.use({ retryWaitAtMostMs: 20 })
test.afterAll(() => files.remove())

test('a run stopped by an outage, then resumed, lists what main holds: every row created, nothing to run again', async ({
  app,
}, testInfo) => {
  const databasePath = join(files.path, 'sandbox.db')
  let service = await startSandbox({ port: 0, databasePath })
  const { port, credentials } = service
  try {
    await arrangeEnvironmentOn(app, service, { name: 'Flaky staging', kind: 'staging' })
    const rows = 12
    const tokens = Array.from({ length: rows }, (_, i) => `outage-${String(i + 1)}`)
    const file = writeCsv(testInfo, 'outage.csv', [
      'token,status,firstname',
      ...tokens.map((token) => `${token},2,Ana`),
      '',
    ])
    await dryRun(app, file, { action: 'create' })
    const bulk = bulkParts(app)

    // Four rows are created; the next four Creates are in the service's hands when it goes down.
    const held = holdCreates(service, 5, 8)
    await sendRows(app, 'Create: send 12 rows')
    await held
    await service.close()
    await expect(app.getByText('Stopped', { exact: true })).toBeVisible()
    const stopped = app.getByRole('alert').filter({ hasText: 'The run stopped' })
    await expect(stopped).toContainText(/\(ECONNREFUSED\)\. Fix it, then resume the run\.$/)
    const outcomes = bulk.results.getByRole('row').locator('td:nth-child(2)')
    await expect(outcomes).toHaveCount(rows)
    await expect(outcomes.filter({ hasText: 'Outcome unknown' })).toHaveCount(4)
    await expect(outcomes.filter({ hasText: 'Not sent' })).toHaveCount(4)
    // The stopped run's own screen offers its resume.
    await expect(app.getByRole('button', { name: 'Resume', exact: true })).toBeVisible()
    await keepScreenshot(app, 'bulk-stopped-by-outage', testInfo)

    // The service is back; the run is resumed from the list of unfinished runs, as a user who
    // looked elsewhere in between would.
    service = await startSandbox({ port, databasePath, credentials })
    await app.getByRole('button', { name: 'Start another' }).click()
    const unfinished = app.getByRole('listitem').filter({ hasText: 'outage.csv' })
    await unfinished.getByRole('button', { name: 'Resume' }).click()
    await expectRunEnded(app, 'Finished')
    await expect(bulk.progress).toHaveAttribute('value', String(rows))

    // Every row as main holds it now, not as the stopped run's screen listed it.
    await expect(bulk.results.getByRole('row').locator('td:nth-child(3) a')).toHaveText(tokens)
    await expect(outcomes).toHaveText(tokens.map(() => 'Created'))
    await expect(app.getByRole('button', { name: /failed rows? again/ })).toHaveCount(0)
    await expect(app.getByRole('button', { name: 'Resume', exact: true })).toHaveCount(0)
    await keepScreenshot(app, 'bulk-resumed-after-outage', testInfo)
  } finally {
    // Closed already if the spec failed during the outage.
    await service.close().catch(() => undefined)
  }
})
