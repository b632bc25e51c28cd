import { expect, type Page, type TestInfo } from '@playwright/test'
import type { RunningSandbox } from '../../src-sandbox/server'
import {
  bulkParts,
  cancelRun,
  checkEveryRow,
  dryRun,
  expectRunEnded,
  openBulk,
  readCsv,
  sendRows,
  sendRowsHeld,
  writeCsv,
} from './bulk'
import { needed, onStaging, type ScreenState } from './screen-state'

async function bulkFile(app: Page, testInfo: TestInfo): Promise<void> {
  const file = writeCsv(testInfo, 'empleados.csv', [
    'Token;Estado;Nombre;DNI',
    'tour-1;2;Begoña;12345678Z',
    'tour-2;9;José;12345678A',
  ])
  await openBulk(app, { action: 'create' })
  await readCsv(app, file)
  await expect(app.getByLabel('Field for column DNI')).toHaveValue('nid_number')
}

async function bulkPlan(app: Page, testInfo: TestInfo): Promise<void> {
  await bulkFile(app, testInfo)
  await checkEveryRow(app)
  await expect(bulkParts(app).invalidRows).toBeVisible()
}

/** A run of 30 creates held partway on staging; `tokens` keeps each state's users apart. */
async function bulkRunning(
  app: Page,
  testInfo: TestInfo,
  sandbox: RunningSandbox,
  tokens: string,
): Promise<void> {
  await onStaging(app, sandbox)
  const rows = Array.from({ length: 30 }, (_, i) => `${tokens}-${i},2`)
  await dryRun(app, writeCsv(testInfo, 'altas.csv', ['token,status', ...rows], '\n'))
  await sendRowsHeld(app, sandbox, { label: 'Create: send 30 rows', after: 10 })
}

async function bulkCancelled(
  app: Page,
  testInfo: TestInfo,
  sandbox: RunningSandbox,
  tokens: string,
): Promise<void> {
  await bulkRunning(app, testInfo, sandbox, tokens)
  await cancelRun(app)
}

/** The Bulk screen's steps, and a run under way, paused, cancelled and left unfinished. */
export const BULK_STATES: ScreenState[] = [
  { name: 'bulk', reach: (app) => openBulk(app) },
  { name: 'bulk-mapping', reach: bulkFile },
  { name: 'bulk-dry-run', reach: bulkPlan },
  {
    name: 'bulk-finished',
    reach: async (app, testInfo) => {
      await bulkPlan(app, testInfo)
      await sendRows(app, 'Create: send 1 row')
      await expectRunEnded(app)
    },
  },
  {
    name: 'bulk-waiting',
    httpsSandbox: true,
    reach: (app, testInfo, sandbox) => bulkRunning(app, testInfo, needed(sandbox), 'tour-waiting'),
  },
  {
    name: 'bulk-paused',
    httpsSandbox: true,
    reach: async (app, testInfo, sandbox) => {
      await bulkRunning(app, testInfo, needed(sandbox), 'tour-paused')
      await app.getByRole('button', { name: 'Pause' }).click()
      await expect(app.getByRole('button', { name: 'Resume' })).toBeVisible()
    },
  },
  {
    name: 'bulk-cancelled',
    httpsSandbox: true,
    reach: (app, testInfo, sandbox) =>
      bulkCancelled(app, testInfo, needed(sandbox), 'tour-cancelled'),
  },
  {
    name: 'bulk-unfinished-runs',
    httpsSandbox: true,
    reach: async (app, testInfo, sandbox) => {
      await bulkCancelled(app, testInfo, needed(sandbox), 'tour-unfinished')
      await app.getByRole('button', { name: 'Start another' }).click()
      await expect(app.getByRole('region', { name: 'Unfinished runs' })).toContainText(
        'on Tour staging',
      )
    },
  },
]
