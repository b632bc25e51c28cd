import { expect, keepScreenshot, test } from '../fixtures'
import { readClipboard } from '../pages/clipboard'
import { openScreen } from '../pages/console'
import { arrangeUser } from '../pages/console-api'

test('activity entries are redacted and copy as cURL with secrets as variables', async ({
  app,
}) => {
  await arrangeUser(app, { token: 'activity-1', status: 0, firstname: 'Ana' })
  await openScreen(app, 'Activity')
  const entries = app.getByRole('list', { name: 'Calls' }).getByRole('listitem')
  await expect(entries).toHaveCount(1)
  const entry = entries.first()
  await expect(entry).toContainText('Create user')
  await entry.getByText('Create user').click()
  await expect(entry).toContainText('apiKey: $API_KEY')
  await expect(entry).toContainText('secretKey: $SECRET_KEY')
  await keepScreenshot(app, 'activity', test.info())

  await entry.getByRole('button', { name: 'Copy cURL command' }).click()
  await expect.poll(() => readClipboard(app)).toContain('"token":"activity-1"')
  const curl = await readClipboard(app)
  expect(curl).toMatch(
    /^curl -sS -X POST 'http:\/\/127\.0\.0\.1:\d+\/api\/v3\/pendingCompanyUsers'/,
  )
  expect(curl).toContain(`-H 'apiKey: '"$API_KEY"`)
  expect(curl).toContain(`-H 'secretKey: '"$SECRET_KEY"`)
  expect(curl).toContain('"token":"activity-1"')

  await app.getByRole('button', { name: 'Clear' }).click()
  await expect(app.getByText('No calls yet.')).toBeVisible()
})
