import { readFileSync, writeFileSync } from 'node:fs'
import { expect, keepScreenshot, test } from '../fixtures'
import { openScreen } from '../pages/console'

test("the browser shell takes a CSV from the browser's chooser or a drop, no path typed", async ({
  app,
}, testInfo) => {
  test.skip(testInfo.project.name === 'electron', "the window's files come from main's dialog")
  const path = testInfo.outputPath('elegido.csv')
  writeFileSync(path, 'token;estado;nombre\r\npick-1;2;Begoña\r\npick-2;2;Íñigo\r\n')
  await openScreen(app, 'Bulk')
  await app.getByLabel('CSV file: choose a file').setInputFiles(path)
  await expect(app.getByLabel('CSV file', { exact: true })).toHaveValue(/elegido\.csv$/)
  await keepScreenshot(app, 'bulk-file-chosen-in-browser', testInfo)
  await app.getByRole('button', { name: 'Read file' }).click()
  await expect(app.getByLabel('Field for column nombre')).toHaveValue('firstname')
  await app.getByRole('button', { name: 'Check every row' }).click()
  await expect(app.getByLabel('Dry run counts')).toContainText('Valid2')

  // Dropped on the field instead: the same file, read the same way.
  await app.getByRole('button', { name: 'Back' }).first().click()
  await app.getByRole('button', { name: 'Back' }).click()
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
  await app.getByRole('button', { name: 'Read file' }).click()
  await app.getByRole('button', { name: 'Check every row' }).click()
  await expect(app.getByLabel('Dry run counts')).toContainText('Valid2')
})
