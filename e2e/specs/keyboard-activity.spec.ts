import { expect, test } from '../fixtures'
import { readClipboard } from '../pages/clipboard'
import { arrangeUser } from '../pages/console-api'
import { openScreenByKeyboard, tabAndPress } from '../pages/keyboard'

test('open an activity entry and copy it as cURL from the keyboard alone', async ({ app }) => {
  await arrangeUser(app, { token: 'kb-activity', status: 2 })

  await openScreenByKeyboard(app, 'Activity')
  const entry = app.getByRole('list', { name: 'Calls' }).getByRole('listitem').first()
  await tabAndPress(app, entry.locator('summary'))
  await tabAndPress(app, entry.getByRole('button', { name: 'Copy cURL command' }))
  await expect.poll(() => readClipboard(app)).toContain('$API_KEY')
})
