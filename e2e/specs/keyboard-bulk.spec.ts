import { readFileSync, writeFileSync } from 'node:fs'
import { expect, test } from '../fixtures'
import { giveFileByKeyboard } from '../pages/files'
import { openScreenByKeyboard, tabAndPress } from '../pages/keyboard'

const HEADER = 'token;estado;nombre;dni'

test('from the keyboard alone: invalid rows saved, the corrected file loaded, run, results saved', async ({
  app,
}, testInfo) => {
  const first = testInfo.outputPath('altas.csv')
  writeFileSync(
    first,
    [HEADER, 'kb-bulk-1;2;Ana;12345678Z', 'kb-bulk-2;2;Eva;12345678A', 'kb-bulk-3;7;Luz;'].join(
      '\n',
    ),
  )
  await openScreenByKeyboard(app, 'Bulk')
  await expect(app.getByLabel('Action', { exact: true })).toHaveValue('create')
  await giveFileByKeyboard(app, 'CSV file', first)
  await app.keyboard.press('Enter')
  await expect(app.getByLabel('Field for column dni')).toHaveValue('nid_number')
  await tabAndPress(app, app.getByRole('button', { name: 'Check every row' }))
  await expect(app.getByLabel('Dry run counts')).toContainText('Invalid2')
  await expect(app.getByRole('table', { name: 'Invalid rows' })).toContainText(
    'correct control letter',
  )

  const errorsFile = testInfo.outputPath('errores.csv')
  await giveFileByKeyboard(app, 'Save the invalid rows to', errorsFile)
  await app.keyboard.press('Enter')
  await expect(app.getByText(`Saved 2 rows to ${errorsFile}.`)).toBeVisible()
  expect(readFileSync(errorsFile, 'utf8')).toContain('kb-bulk-3;7;Luz;;status must be one of')

  const corrected = testInfo.outputPath('altas-corregido.csv')
  writeFileSync(
    corrected,
    [HEADER, 'kb-bulk-1;2;Ana;12345678Z', 'kb-bulk-2;2;Eva;12345678Z', 'kb-bulk-3;3;Luz;'].join(
      '\n',
    ),
  )
  // Back twice (dry run → columns → file), then the corrected file in place of the first.
  await tabAndPress(app, app.getByRole('button', { name: 'Back' }).first())
  await tabAndPress(app, app.getByRole('button', { name: 'Back' }))
  await giveFileByKeyboard(app, 'CSV file', corrected)
  await app.keyboard.press('Enter')
  await tabAndPress(app, app.getByRole('button', { name: 'Check every row' }))
  await expect(app.getByLabel('Dry run counts')).toContainText('Valid3')
  await tabAndPress(app, app.getByRole('button', { name: 'Create: send 3 rows' }))

  await expect(app.getByText('Finished', { exact: true })).toBeVisible()
  await expect(app.getByRole('progressbar', { name: 'Rows done' })).toHaveAttribute('value', '3')
  await expect(app.getByLabel('Outcomes')).toContainText('Created3')
  const results = testInfo.outputPath('resultados.csv')
  await giveFileByKeyboard(app, 'Save the results to', results)
  await app.keyboard.press('Enter')
  await expect(app.getByText(`Saved 3 results to ${results}.`)).toBeVisible()
  expect(readFileSync(results, 'utf8')).toContain('kb-bulk-3,created,201')
})
