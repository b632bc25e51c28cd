import { readFileSync } from 'node:fs'
import { expect, test } from '../fixtures'
import {
  backToFileByKeyboard,
  bulkParts,
  checkEveryRowByKeyboard,
  expectRunEnded,
  readCsvByKeyboard,
  saveInvalidRowsByKeyboard,
  saveResultsByKeyboard,
  sendRowsByKeyboard,
  writeCsv,
} from '../pages/bulk'
import { openScreenByKeyboard } from '../pages/keyboard'

const HEADER = 'token;estado;nombre;dni'
const CORRECTED = [
  HEADER,
  'kb-bulk-1;2;Ana;12345678Z',
  'kb-bulk-2;2;Eva;12345678Z',
  'kb-bulk-3;3;Luz;',
]

// Two halves of one job, each from a fresh console: a run is a spec's slowest part, and apart
// the halves also run side by side.

test('from the keyboard alone: invalid rows saved, then the corrected file loaded in its place', async ({
  app,
}, testInfo) => {
  const bulk = bulkParts(app)
  const first = writeCsv(
    testInfo,
    'altas.csv',
    [HEADER, 'kb-bulk-1;2;Ana;12345678Z', 'kb-bulk-2;2;Eva;12345678A', 'kb-bulk-3;7;Luz;'],
    '\n',
  )
  await openScreenByKeyboard(app, 'Bulk')
  await expect(app.getByLabel('Action', { exact: true })).toHaveValue('create')
  await readCsvByKeyboard(app, first)
  await expect(app.getByLabel('Field for column dni')).toHaveValue('nid_number')
  await checkEveryRowByKeyboard(app)
  await expect(bulk.counts).toContainText('Invalid2')
  await expect(bulk.invalidRows).toContainText('correct control letter')

  const errorsFile = testInfo.outputPath('errores.csv')
  await saveInvalidRowsByKeyboard(app, errorsFile)
  await expect(app.getByText('Saved 2 rows to errores.csv.')).toBeVisible()
  expect(readFileSync(errorsFile, 'utf8')).toContain('kb-bulk-3;7;Luz;;status must be one of')

  // Back twice (dry run → columns → file), then the corrected file in place of the first.
  await backToFileByKeyboard(app)
  await readCsvByKeyboard(app, writeCsv(testInfo, 'altas-corregido.csv', CORRECTED, '\n'))
  await checkEveryRowByKeyboard(app)
  await expect(bulk.counts).toContainText('Valid3')
})

test('from the keyboard alone: a checked file run to its end, and its results saved', async ({
  app,
}, testInfo) => {
  const bulk = bulkParts(app)
  await openScreenByKeyboard(app, 'Bulk')
  await readCsvByKeyboard(app, writeCsv(testInfo, 'altas-corregido.csv', CORRECTED, '\n'))
  await checkEveryRowByKeyboard(app)
  await sendRowsByKeyboard(app, 'Create: send 3 rows')

  await expectRunEnded(app)
  await expect(bulk.progress).toHaveAttribute('value', '3')
  await expect(bulk.outcomes).toContainText('Created3')
  const results = testInfo.outputPath('resultados.csv')
  await saveResultsByKeyboard(app, results)
  await expect(app.getByText('Saved 3 results to resultados.csv.')).toBeVisible()
  expect(readFileSync(results, 'utf8')).toContain('kb-bulk-3,created,201')
})
