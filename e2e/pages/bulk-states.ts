import { expect } from '@playwright/test'
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
import { needed, onStaging, type ScreenTour } from './screen-state'

/** The Bulk screen's steps, from the empty screen to a finished run. */
const BULK_STEPS: ScreenTour = {
  states: [
    { name: 'bulk', reach: (app) => openBulk(app) },
    {
      name: 'bulk-mapping',
      reach: async (app, testInfo) => {
        const file = writeCsv(testInfo, 'empleados.csv', [
          'Token;Estado;Nombre;DNI',
          'tour-1;2;Begoña;12345678Z',
          'tour-2;9;José;12345678A',
        ])
        await openBulk(app, { action: 'create' })
        await readCsv(app, file)
        await expect(app.getByLabel('Field for column DNI')).toHaveValue('nid_number')
      },
    },
    {
      name: 'bulk-dry-run',
      reach: async (app) => {
        await checkEveryRow(app)
        await expect(bulkParts(app).invalidRows).toBeVisible()
      },
    },
    {
      name: 'bulk-finished',
      reach: async (app) => {
        await sendRows(app, 'Create: send 1 row')
        await expectRunEnded(app)
      },
    },
  ],
}

/** A run of 30 creates held partway on staging, then paused, cancelled and left unfinished. */
const BULK_RUN: ScreenTour = {
  httpsSandbox: true,
  states: [
    {
      name: 'bulk-waiting',
      reach: async (app, testInfo, sandbox) => {
        const staging = needed(sandbox)
        await onStaging(app, staging)
        const rows = Array.from({ length: 30 }, (_, i) => `tour-run-${i},2`)
        await dryRun(app, writeCsv(testInfo, 'altas.csv', ['token,status', ...rows], '\n'))
        await sendRowsHeld(app, staging, { label: 'Create: send 30 rows', after: 10 })
      },
    },
    {
      name: 'bulk-paused',
      reach: async (app) => {
        await app.getByRole('button', { name: 'Pause' }).click()
        await expect(app.getByRole('button', { name: 'Resume' })).toBeVisible()
      },
    },
    { name: 'bulk-cancelled', reach: cancelRun },
    {
      name: 'bulk-unfinished-runs',
      reach: async (app) => {
        await app.getByRole('button', { name: 'Start another' }).click()
        await expect(app.getByRole('region', { name: 'Unfinished runs' })).toContainText(
          'on Tour staging',
        )
      },
    },
  ],
}

export const BULK_TOURS: readonly ScreenTour[] = [BULK_STEPS, BULK_RUN]
