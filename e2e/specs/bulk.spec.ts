import { readFileSync, writeFileSync } from 'node:fs'
import { expect, keepScreenshot, test } from '../fixtures'
import { lookUp, openScreen } from '../pages/console'
import { giveFile } from '../pages/files'

const HEADER = 'Token;Estado;Nombre;DNI;Móvil'

test('load a CSV with invalid rows, save them, load the corrected file, run, save results', async ({
  app,
}, testInfo) => {
  const first = testInfo.outputPath('empleados.csv')
  writeFileSync(
    first,
    [
      HEADER,
      'bulk-1;2;Begoña;12.345.678-z;+34 612 34 56 78',
      'bulk-2;2;José;12345678A;600111222',
      'bulk-3;9;Eva;;+44 7700 900123',
      'bulk-4;2;Iñaki;x-1234567-l;',
    ].join('\r\n'),
  )
  await openScreen(app, 'Bulk')
  await app.getByLabel('Action', { exact: true }).selectOption('create')
  await giveFile(app, 'CSV file', first)
  await app.getByRole('button', { name: 'Read file' }).click()

  await expect(app.getByText('read as UTF-8')).toBeVisible()
  await expect(app.getByLabel('Field for column DNI')).toHaveValue('nid_number')
  await expect(app.getByLabel('Field for column Móvil')).toHaveValue('mobile_phone')
  await keepScreenshot(app, 'bulk-mapping', testInfo)
  await app.getByRole('button', { name: 'Check every row' }).click()

  await expect(app.getByLabel('Dry run counts')).toContainText('Invalid2')
  const invalidRows = app.getByRole('table', { name: 'Invalid rows' })
  await expect(invalidRows.getByRole('row')).toHaveCount(3)
  await expect(invalidRows).toContainText('correct control letter')
  await expect(invalidRows).toContainText('country prefix other than +34')
  await keepScreenshot(app, 'bulk-dry-run', testInfo)

  const errorsFile = testInfo.outputPath('errores.csv')
  await giveFile(app, 'Save the invalid rows to', errorsFile)
  await app.getByRole('button', { name: 'Save invalid rows' }).click()
  await expect(app.getByText(`Saved 2 rows to ${errorsFile}.`)).toBeVisible()
  const saved = readFileSync(errorsFile, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
  expect(saved[0]).toBe(`${HEADER};errors`)
  // Each rule once, naming its field: not "nid_number: nid_number must be…".
  expect(saved[1]).toMatch(/^bulk-2;2;José;12345678A;600111222;nid_number must be a Spanish DNI/)

  const corrected = testInfo.outputPath('empleados-corregido.csv')
  writeFileSync(
    corrected,
    [
      HEADER,
      'bulk-1;2;Begoña;12.345.678-z;+34 612 34 56 78',
      'bulk-2;2;José;12345678Z;600111222',
      'bulk-3;3;Eva;;600 222 333',
      'bulk-4;2;Iñaki;x-1234567-l;',
    ].join('\r\n'),
  )
  await app.getByRole('button', { name: 'Back' }).first().click()
  await app.getByRole('button', { name: 'Back' }).click()
  await giveFile(app, 'CSV file', corrected)
  await app.getByRole('button', { name: 'Read file' }).click()
  await app.getByRole('button', { name: 'Check every row' }).click()
  await expect(app.getByLabel('Dry run counts')).toContainText('Valid4')
  await expect(app.getByRole('table', { name: 'Rows of the file' })).toContainText('X1234567L')
  await app.getByRole('button', { name: 'Create: send 4 rows' }).click()

  await expect(app.getByText('Finished', { exact: true })).toBeVisible()
  await expect(app.getByLabel('Outcomes')).toContainText('Created4')
  await expect(app.getByRole('progressbar', { name: 'Rows done' })).toHaveAttribute('value', '4')
  await keepScreenshot(app, 'bulk-finished', testInfo)
  const results = testInfo.outputPath('resultados.csv')
  await giveFile(app, 'Save the results to', results)
  await app.getByRole('button', { name: 'Save results' }).click()
  await expect(app.getByText(`Saved 4 results to ${results}.`)).toBeVisible()
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
  await openScreen(app, 'Bulk')
  await giveFile(app, 'CSV file', hidden)
  await app.getByRole('button', { name: 'Read file' }).click()
  await expect(app.getByRole('alert')).toContainText(`The path ${hidden} is inside a hidden folder`)
  await keepScreenshot(app, 'bulk-hidden-path', testInfo)

  const users = testInfo.outputPath('users.csv')
  writeFileSync(users, 'token,status\nshell-1,9\n')
  await giveFile(app, 'CSV file', users)
  await app.getByRole('button', { name: 'Read file' }).click()
  await app.getByRole('button', { name: 'Check every row' }).click()
  await giveFile(app, 'Save the invalid rows to', users)
  await app.getByRole('button', { name: 'Save invalid rows' }).click()
  await expect(app.getByRole('alert')).toContainText(`The file ${users} already exists`)
  expect(readFileSync(users, 'utf8')).toBe('token,status\nshell-1,9\n')
})
