import { expect, test } from '../fixtures'
import { openScreenByKeyboard, tabAndPress, tabAndType, tabTo } from '../pages/keyboard'

test('create a user from the keyboard alone', async ({ app }) => {
  await openScreenByKeyboard(app, 'Create')
  await tabAndType(app, app.getByRole('textbox', { name: 'Token', exact: true }), 'kb-user')
  await tabTo(app, app.getByLabel('Status'))
  await app.keyboard.press('ArrowDown')
  await expect(app.getByLabel('Status')).toHaveValue('2')
  await tabAndType(app, app.getByLabel('First name'), 'Kim')
  await tabAndPress(app, app.getByLabel('Video call enabled'), 'Space')
  await tabAndPress(app, app.getByRole('button', { name: 'Create user' }))
  await expect(app.getByText('User created.')).toBeVisible()

  const stored = app.getByRole('region', { name: 'Stored record' })
  await expect(stored).toContainText('Premium')
  await tabAndPress(app, stored.getByRole('link', { name: 'Edit' }))
  await expect(app.getByLabel('First name')).toHaveValue('Kim')
  await expect(app.getByLabel('Video call enabled')).toBeChecked()
})
