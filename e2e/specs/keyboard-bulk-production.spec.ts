import { readFileSync, writeFileSync } from 'node:fs'
import { NO_FAULTS } from '../../src-sandbox/faults'
import type { RunningSandbox } from '../../src-sandbox/server'
import { startHttpsSandbox } from '../harness/https-sandbox'
import { expect, keepScreenshot, test } from '../fixtures'
import { openScreen } from '../pages/console'
import { arrangeEnvironmentOn } from '../pages/console-api'
import { switchEnvironment } from '../pages/environments'
import { openScreenByKeyboard, tabAndPress, tabTo } from '../pages/keyboard'
import { giveFile, giveFileByKeyboard } from '../pages/files'

let production: RunningSandbox
test.beforeAll(async () => {
  production = await startHttpsSandbox()
})
test.afterAll(() => production.close())

test('a bulk run on production, from the keyboard alone: the confirmation names the row count', async ({
  app,
}, testInfo) => {
  await arrangeEnvironmentOn(app, production, { name: 'Bulk production', kind: 'production' })
  const file = testInfo.outputPath('altas.csv')
  writeFileSync(
    file,
    ['token,status,nombre', 'prod-1,2,Ana', 'prod-2,2,Eva', 'prod-3,0,Luz', 'prod-3,0,Luz'].join(
      '\n',
    ),
  )

  await openScreenByKeyboard(app, 'Bulk')
  await giveFileByKeyboard(app, 'CSV file', file)
  await app.keyboard.press('Enter')
  await expect(app.getByLabel('Field for column nombre')).toHaveValue('firstname')
  await tabAndPress(app, app.getByRole('button', { name: 'Check every row' }))
  await expect(app.getByLabel('Dry run counts')).toContainText('Valid3')
  await expect(app.getByRole('table', { name: 'Invalid rows' })).toContainText(
    'the same token is on row 4',
  )
  // The table scrolls from the keyboard too.
  await tabTo(app, app.getByRole('table', { name: 'Invalid rows' }))

  const results = testInfo.outputPath('resultados.csv')
  await tabAndPress(app, app.getByRole('button', { name: 'Create: send 3 rows' }))
  const dialog = app.getByRole('alertdialog', { name: 'Write to production?' })
  await expect(dialog).toContainText('send 3 rows (Create)')
  await expect(dialog).toContainText('Bulk production')
  await keepScreenshot(app, 'bulk-production-confirm', testInfo)
  await expect(dialog.getByLabel('Environment name')).toBeFocused()
  await app.keyboard.type('Bulk production')
  await app.keyboard.press('Enter')

  await expect(app.getByText('Finished', { exact: true })).toBeVisible()
  await expect(app.getByLabel('Outcomes')).toContainText('Created3')
  await giveFileByKeyboard(app, 'Save the results to', results)
  await app.keyboard.press('Enter')
  // Every row of the file: the three sent, and the duplicate skipped as invalid.
  await expect(app.getByText(`Saved 4 results to ${results}.`)).toBeVisible()
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
  const file = testInfo.outputPath('bajas.csv')
  writeFileSync(file, 'token\nprod-1\n')
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
  const file = testInfo.outputPath('muchas-altas.csv')
  const rows = Array.from({ length: 150 }, (_, i) => `resumed-${i},2`)
  writeFileSync(file, ['token,status', ...rows].join('\n'))
  // Forty rows created, then every call refused with a long Retry-After: the run is partway and
  // still going when Cancel is pressed, however fast or slow this machine.
  production.setFaults({ rateLimitAfter: 40, retryAfterSeconds: 300 })
  try {
    await openScreen(app, 'Bulk')
    await giveFile(app, 'CSV file', file)
    await app.getByRole('button', { name: 'Read file' }).click()
    await app.getByRole('button', { name: 'Check every row' }).click()
    await app.getByRole('button', { name: 'Create: send 150 rows' }).click()
    await app.getByLabel('Environment name').fill('Resumed production')
    await app.getByRole('button', { name: 'Confirm write' }).click()
    await expect(
      app.getByText('The service is rate limiting calls: waiting 300 s.', { exact: true }),
    ).toBeVisible()
    await expect(app.getByRole('progressbar')).toHaveAttribute('value', '40')
    await app.getByRole('button', { name: 'Cancel' }).click()
    await expect(app.getByText('Cancelled', { exact: true })).toBeVisible()
    production.setFaults(NO_FAULTS)
    await app.getByRole('button', { name: 'Start another' }).click()

    // Another environment is active now: the confirmation must still name the run's own.
    await switchEnvironment(app, 'Local sandbox')
    const unfinished = app.getByRole('region', { name: 'Unfinished runs' })
    await expect(unfinished).toContainText('on Resumed production')
    await unfinished.getByRole('button', { name: 'Resume' }).click()
    const dialog = app.getByRole('alertdialog', { name: 'Write to production?' })
    await expect(dialog).toContainText('Resumed production')
    await expect(dialog).toContainText('resume: send up to 110 rows')
    await dialog.getByLabel('Environment name').fill('Resumed production')
    await dialog.getByRole('button', { name: 'Confirm write' }).click()
    await expect(app.getByText('Finished', { exact: true })).toBeVisible()
    await expect(app.getByLabel('Outcomes')).toContainText('Created150')
  } finally {
    production.setFaults(NO_FAULTS)
  }
})
