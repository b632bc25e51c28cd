import { readFileSync } from 'node:fs'
import { expect, keepScreenshot, test } from '../fixtures'
import {
  backToFile,
  bulkParts,
  checkEveryRow,
  openBulk,
  readChosenFile,
  writeCsv,
} from '../pages/bulk'

test("the browser shell takes a CSV from the browser's chooser or a drop, no path typed", async ({
  app,
}, testInfo) => {
  test.skip(testInfo.project.name === 'electron', "the window's files come from main's dialog")
  const path = writeCsv(testInfo, 'elegido.csv', [
    'token;estado;nombre',
    'pick-1;2;Begoña',
    'pick-2;2;Íñigo',
    '',
  ])
  await openBulk(app)
  await app.getByLabel('CSV file: choose a file').setInputFiles(path)
  await expect(app.getByLabel('CSV file', { exact: true })).toHaveValue(/elegido\.csv$/)
  await keepScreenshot(app, 'bulk-file-chosen-in-browser', testInfo)
  await readChosenFile(app)
  await expect(app.getByLabel('Field for column nombre')).toHaveValue('firstname')
  await checkEveryRow(app)
  await expect(bulkParts(app).counts).toContainText('Valid2')

  // Dropped on the field instead: the same file, read the same way.
  await backToFile(app)
  const dropped = await app.evaluateHandle(
    (text) => {
      const transfer = new DataTransfer()
      transfer.items.add(new File([text], 'soltado.csv', { type: 'text/csv' }))
      return transfer
    },
    readFileSync(path, 'utf8'),
  )
  await app
    .locator('form.path-field', { has: app.getByLabel('CSV file', { exact: true }) })
    .dispatchEvent('drop', { dataTransfer: dropped })
  await expect(app.getByLabel('CSV file', { exact: true })).toHaveValue(/soltado\.csv$/)
  await readChosenFile(app)
  await checkEveryRow(app)
  await expect(bulkParts(app).counts).toContainText('Valid2')
})
