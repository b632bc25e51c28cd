import { readFileSync } from 'node:fs'
import { NO_FAULTS } from '../../src-sandbox/faults'
import type { RunningSandbox } from '../../src-sandbox/server'
import { startHttpsSandbox } from '../harness/https-sandbox'
import { expect, keepScreenshot, test } from '../fixtures'
import {
  bulkParts,
  cancelRun,
  checkEveryRowByKeyboard,
  confirmProductionWrite,
  dryRun,
  expectRunEnded,
  readCsvByKeyboard,
  saveResultsByKeyboard,
  sendRowsByKeyboard,
  sendRowsHeld,
  writeCsv,
} from '../pages/bulk'
import { arrangeEnvironmentOn } from '../pages/console-api'
import { switchEnvironment } from '../pages/environments'
import { openScreenByKeyboard, tabTo } from '../pages/keyboard'

let production: RunningSandbox
test.beforeAll(async () => {
  production = await startHttpsSandbox()
})
test.afterAll(() => production.close())

test('a bulk run on production, from the keyboard alone: the confirmation names the row count', async ({
  app,
}, testInfo) => {
  await arrangeEnvironmentOn(app, production, { name: 'Bulk production', kind: 'production' })
  const bulk = bulkParts(app)
  const file = writeCsv(
    testInfo,
    'altas.csv',
    ['token,status,nombre', 'prod-1,2,Ana', 'prod-2,2,Eva', 'prod-3,0,Luz', 'prod-3,0,Luz'],
    '\n',
  )

  await openScreenByKeyboard(app, 'Bulk')
  await readCsvByKeyboard(app, file)
  await expect(app.getByLabel('Field for column nombre')).toHaveValue('firstname')
  await checkEveryRowByKeyboard(app)
  await expect(bulk.counts).toContainText('Valid3')
  await expect(bulk.invalidRows).toContainText('the same token is on row 4')
  // The table scrolls from the keyboard too.
  await tabTo(app, bulk.invalidRows)

  const results = testInfo.outputPath('resultados.csv')
  await sendRowsByKeyboard(app, 'Create: send 3 rows')
  const dialog = app.getByRole('alertdialog', { name: 'Write to production?' })
  await expect(dialog).toContainText('send 3 rows (Create)')
  await expect(dialog).toContainText('Bulk production')
  await keepScreenshot(app, 'bulk-production-confirm', testInfo)
  await expect(dialog.getByLabel('Environment name')).toBeFocused()
  await app.keyboard.type('Bulk production')
  await app.keyboard.press('Enter')

  await expectRunEnded(app)
  await expect(bulk.outcomes).toContainText('Created3')
  await saveResultsByKeyboard(app, results)
  // Every row of the file: the three sent, and the duplicate skipped as invalid.
  await expect(app.getByText('Saved 4 results to resultados.csv.')).toBeVisible()
  const saved = readFileSync(results, 'utf8')
  expect(saved).toContain('prod-2,created,201')
  expect(saved).toContain('5,prod-3,invalid,,the same token is on row 4')
})

test('core refuses a bulk run on production without the name, whatever the page does', async ({
  app,
}, testInfo) => {
  test.skip(
    testInfo.project.name === 'electron',
    "the window takes no typed path (its files come from main's dialog), and asks main's own dialog before a production write: test/electron-main covers both",
  )
  await arrangeEnvironmentOn(app, production, { name: 'Guarded production', kind: 'production' })
  const file = writeCsv(testInfo, 'bajas.csv', ['token', 'prod-1', ''], '\n')
  const answer = await app.evaluate(async (path) => {
    type Answer<T> = Promise<{ ok: boolean; data: T }>
    const api = (
      window as unknown as {
        integratorConsole: {
          files: { typed: (input: unknown) => Answer<{ handle: string }> }
          bulk: {
            dryRun: (input: unknown) => Answer<{ planId: string }>
            start: (input: unknown) => Promise<unknown>
          }
        }
      }
    ).integratorConsole
    // The shell's rules let a typed CSV through: the guard under test is the production one.
    const file = await api.files.typed({ purpose: 'open', format: 'csv', path })
    const plan = await api.bulk.dryRun({
      file: file.data.handle,
      mode: 'setStatus',
      mapping: ['token'],
      status: 3,
    })
    return api.bulk.start({ planId: plan.data.planId, concurrency: 4 })
  }, file)
  expect(answer).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_REQUIRED' } })
})

test('a cancelled production run resumes only after its own environment is named, whatever is active', async ({
  app,
}, testInfo) => {
  await arrangeEnvironmentOn(app, production, { name: 'Resumed production', kind: 'production' })
  const rows = Array.from({ length: 30 }, (_, i) => `resumed-${i},2`)
  const file = writeCsv(testInfo, 'muchas-altas.csv', ['token,status', ...rows], '\n')
  try {
    await dryRun(app, file)
    // Ten rows created, then the run waits out a long Retry-After: partway and still going when
    // Cancel is pressed, however fast or slow this machine.
    await sendRowsHeld(app, production, {
      label: 'Create: send 30 rows',
      after: 10,
      production: 'Resumed production',
    })
    await cancelRun(app)
    production.setFaults(NO_FAULTS)
    await app.getByRole('button', { name: 'Start another' }).click()

    // Another environment is active now: the confirmation must still name the run's own.
    await switchEnvironment(app, 'Local sandbox')
    const unfinished = app.getByRole('region', { name: 'Unfinished runs' })
    await expect(unfinished).toContainText('on Resumed production')
    await unfinished.getByRole('button', { name: 'Resume' }).click()
    const dialog = app.getByRole('alertdialog', { name: 'Write to production?' })
    await expect(dialog).toContainText('Resumed production')
    await expect(dialog).toContainText('resume: send up to 20 rows')
    await confirmProductionWrite(app, 'Resumed production')
    await expectRunEnded(app)
    await expect(bulkParts(app).outcomes).toContainText('Created30')
  } finally {
    production.setFaults(NO_FAULTS)
  }
})
