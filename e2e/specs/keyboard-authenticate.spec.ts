import { expect, test } from '../fixtures'
import { readClipboard } from '../pages/clipboard'
import { arrangeUser } from '../pages/console-api'
import { lookUpByKeyboard, tabAndPress } from '../pages/keyboard'

test('authenticate from the lookup result and copy the userHash from the keyboard alone', async ({
  app,
}) => {
  await arrangeUser(app, { token: 'kb-auth', status: 2 })

  const user = await lookUpByKeyboard(app, 'kb-auth')
  await tabAndPress(app, user.getByRole('link', { name: 'Authenticate' }))
  await expect(app.getByRole('textbox', { name: 'User identifier' })).toHaveValue('kb-auth')
  await tabAndPress(app, app.getByRole('button', { name: 'Authenticate', exact: true }))
  await expect(app.getByTestId('expiry-countdown')).toContainText('Expires in')

  await tabAndPress(app, app.getByRole('button', { name: 'Copy userHash' }))
  await expect(app.getByText('userHash copied')).toBeAttached()
  // The announcement clears itself after two seconds; the clipboard says what was copied.
  await expect.poll(() => readClipboard(app)).not.toBe('')
  const copied = await readClipboard(app)
  await expect(app.getByRole('region', { name: 'JWT claims' })).toContainText(`"sub": "${copied}"`)
})
