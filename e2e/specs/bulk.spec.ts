import { readFileSync, writeFileSync } from 'node:fs'
import { expect, keepScreenshot, test } from '../fixtures'
import {
  backToFile,
  bulkParts,
  checkEveryRow,
  expectRunEnded,
  openBulk,
  readCsv,
  saveInvalidRows,
  saveResults,
  sendRows,
  writeCsv,
} from '../pages/bulk'
import { lookUp } from '../pages/console'

const HEADER = 'Token;Estado;Nombre;DNI;Móvil'

test('load a CSV with invalid rows, save them, load the corrected file, run, save results', async ({
  app,
}, testInfo) => {
  const bulk = bulkParts(app)
  const first = writeCsv(testInfo, 'empleados.csv', [
    HEADER,
    'bulk-1;2;Begoña;12.345.678-z;+34 612 34 56 78',
    'bulk-2;2;José;12345678A;600111222',
    'bulk-3;9;Eva;;+44 7700 900123',
    'bulk-4;2;Iñaki;x-1234567-l;',
  ])
  await openBulk(app, { action: 'create' })
  await readCsv(app, first)

  await expect(app.getByText('read as UTF-8')).toBeVisible()
  await expect(app.getByLabel('Field for column DNI')).toHaveValue('nid_number')
  await expect(app.getByLabel('Field for column Móvil')).toHaveValue('mobile_phone')
  await keepScreenshot(app, 'bulk-mapping', testInfo)
  await checkEveryRow(app)

  await expect(bulk.counts).toContainText('Invalid2')
  await expect(bulk.invalidRows.getByRole('row')).toHaveCount(3)
  await expect(bulk.invalidRows).toContainText('correct control letter')
  await expect(bulk.invalidRows).toContainText('country prefix other than +34')
  await keepScreenshot(app, 'bulk-dry-run', testInfo)

  const errorsFile = testInfo.outputPath('errores.csv')
  await saveInvalidRows(app, errorsFile)
  await expect(app.getByText('Saved 2 rows to errores.csv.')).toBeVisible()
  const saved = readFileSync(errorsFile, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
  expect(saved[0]).toBe(`${HEADER};errors`)
  // Each rule once, naming its field: not "nid_number: nid_number must be…".
  expect(saved[1]).toMatch(/^bulk-2;2;José;12345678A;600111222;nid_number must be a Spanish DNI/)

  const corrected = writeCsv(testInfo, 'empleados-corregido.csv', [
    HEADER,
    'bulk-1;2;Begoña;12.345.678-z;+34 612 34 56 78',
    'bulk-2;2;José;12345678Z;600111222',
    'bulk-3;3;Eva;;600 222 333',
    'bulk-4;2;Iñaki;x-1234567-l;',
  ])
  await backToFile(app)
  await readCsv(app, corrected)
  await checkEveryRow(app)
  await expect(bulk.counts).toContainText('Valid4')
  await expect(bulk.fileRows).toContainText('X1234567L')
  await sendRows(app, 'Create: send 4 rows')

  await expectRunEnded(app)
  await expect(bulk.outcomes).toContainText('Created4')
  await expect(bulk.progress).toHaveAttribute('value', '4')
  await keepScreenshot(app, 'bulk-finished', testInfo)
  const results = testInfo.outputPath('resultados.csv')
  await saveResults(app, results)
  await expect(app.getByText('Saved 4 results to resultados.csv.')).toBeVisible()
  expect(readFileSync(results, 'utf8')).toContain('bulk-3,created,201,Created.')

  await lookUp(app, 'bulk-4')
  await expect(app.getByRole('region', { name: 'User', exact: true })).toContainText('Iñaki')
  await expect(app.getByRole('region', { name: 'User', exact: true })).toContainText('X1234567L')
})

test('the browser shell reads no file from a hidden folder and replaces no file', async ({
  app,
}, testInfo) => {
  test.skip(testInfo.project.name === 'electron', "the window's files come from main's dialog")
  const hidden = testInfo.outputPath('.hidden', 'users.csv')
  await openBulk(app)
  await readCsv(app, hidden)
  await expect(app.getByRole('alert')).toContainText(`The path ${hidden} is inside a hidden folder`)
  await keepScreenshot(app, 'bulk-hidden-path', testInfo)

  const users = testInfo.outputPath('users.csv')
  writeFileSync(users, 'token,status\nshell-1,9\n')
  await readCsv(app, users)
  await checkEveryRow(app)
  await saveInvalidRows(app, users)
  await expect(app.getByRole('alert')).toContainText(`The file ${users} already exists`)
  expect(readFileSync(users, 'utf8')).toBe('token,status\nshell-1,9\n')
})
